import Accounts
import ContactsStore
import Foundation
import HTTP

extension WebApp {
    /// The devices page, Connect a Device (a name, then its password shown once on a page of its
    /// own, reached by a redirect that carries it in a sealed cookie: `DeviceSetup`), the
    /// configuration profile for Apple's devices, and Revoke.
    ///
    /// The profile holds the password, which the store keeps only hashed: the page that shows
    /// the password sends it back, and the profile is written only for a password that is one
    /// of the account's app passwords.
    func addDeviceRoutes(to router: Router) {
        router.get(DevicesPage.path) { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            return .html(DevicesPage.render(try store.appPasswords(username: user.username), context: context))
        }
        router.get(DevicesPage.path + "/new") { request, _ in
            let (context, _, _) = try request.requireLogin()
            return .html(DevicesPage.connect(context: context))
        }
        router.post(DevicesPage.path) { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let device = (request.formFields()["device"] ?? "").trimmingCharacters(in: .whitespaces)
            func refused(_ message: String) -> Response {
                .html(DevicesPage.connect(name: String(device.prefix(AccountStore.maximumDeviceNameLength * 4)), error: message,
                                          context: context), status: 422)
            }
            let password: String
            do {
                password = try store.addAppPassword(username: user.username, device: device)
            } catch StoreError.invalidDeviceName {
                return refused(context.strings.invalidDeviceNameMessage)
            } catch StoreError.appPasswordExists(let taken) {
                return refused(context.strings.deviceNameTaken(taken))
            }
            let sealed = DeviceSetup(device: device, password: password)
                .sealed(for: user, now: clock(), key: try store.secretKey(named: DeviceSetup.keyName))
            var response = Response.redirect(to: DevicesPage.path + "/connected")
            response.setCookie(Cookies.make(DeviceSetup.cookie, sealed, maxAge: DeviceSetup.lifetime, for: request))
            return response
        }
        router.get(DevicesPage.path + "/connected") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            guard let sealed = request.cookies[DeviceSetup.cookie],
                  let setup = DeviceSetup.opened(sealed, for: user, now: clock(), key: try store.secretKey(named: DeviceSetup.keyName)) else {
                return .redirect(to: DevicesPage.path)
            }
            var response = Response.html(DevicesPage.connected(setup, site: siteAddress(of: request), context: context))
            response.setCookie(Cookies.expire(DeviceSetup.cookie, for: request))
            response.headers["Cache-Control"] = "no-store"
            return response
        }
        router.post(DevicesPage.path + "/profile") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let password = request.formFields()["password"] ?? ""
            guard let device = try gate.run({ try store.appPasswordDevice(username: user.username, password: password) }) else {
                throw HTTPError(403, context.strings.profilePasswordWrong)
            }
            let site = siteAddress(of: request)
            guard let server = DeviceAddress.server(of: site) else { throw HTTPError(400, context.strings.formUnreadable) }
            let profile = DeviceProfile(description: device, host: server.host, port: server.port, secure: server.secure,
                                        principalURL: DeviceAddress.principal(site: site, user: user.username),
                                        username: user.username, password: password)
            return Response(status: 200, headers: [
                "Content-Type": DeviceProfile.contentType,
                "Content-Disposition": #"attachment; filename="\#(profile.fileName)""#,
                "Cache-Control": "no-store",
            ], body: Array(profile.propertyList().utf8))
        }
        router.post(DevicesPage.path + "/revoke") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let fields = request.formFields()
            guard let device = fields["device"], !device.isEmpty, device.utf8.count <= AccountStore.maximumDeviceNameLength * 4 else {
                throw HTTPError(400, context.strings.formUnreadable)
            }
            guard fields[ConfirmSheet.confirmedField] == "1" else { return .html(DevicesPage.confirmRevoke(device, context: context)) }
            try store.revokeAppPassword(username: user.username, device: device)
            return .redirect(to: DevicesPage.path)
        }
    }

    /// The address devices reach the site at: the server's public URL when it has one, else
    /// the address the browser reached it at (`siteAddress(of:)`).
    func siteAddress(of request: Request) -> String {
        publicURL ?? Self.siteAddress(of: request)
    }
}

import Accounts
import Foundation
import HTTP
import QRCode
import Wording

/// The devices page (the account's app passwords: each device's name, when it was made, when,
/// with which client and from where it last synced, and Revoke), Connect a Device's form, and
/// the page that shows a new device's password once, with how to set up each kind of device.
enum DevicesPage {
    static let path = "/devices"

    /// The list, or what a device password is for when there is none.
    static func render(_ entries: [AppPasswordEntry], context: WebContext) -> String {
        let strings = context.strings
        let list = entries.isEmpty
            ? #"<div class="devices-empty" id="no-devices"><h2>\#(HTML.escape(strings.noDevices))</h2><p>\#(HTML.escape(strings.devicesNote))</p></div>"#
            : """
            <ul class="inset-list" id="devices">\(entries.enumerated().map { row($1, number: $0 + 1, context: context) }.joined())</ul>
            <p class="inset-footer" id="devices-note">\(HTML.escape(strings.devicesNote))</p>
            """
        let main = """
            \(list)
            <ul class="inset-list"><li class="inset-row"><a class="inset-link primary-text" id="connect-device" href="\(path)/new">\(HTML.escape(strings.connectADevice))</a></li></ul>
            """
        return Layout.page(title: strings.devices, bodyClass: "devices-page", bar: bar(strings.devices, back: "/contacts", context: context),
                           main: main, extra: ConfirmSheet.dialog(context: context), context: context)
    }

    /// One device: its name over when it was made and its last use, and Revoke, which asks first.
    private static func row(_ entry: AppPasswordEntry, number: Int, context: WebContext) -> String {
        let strings = context.strings
        let name = HTML.escape(entry.device)
        let made = LocalTime.message(strings.deviceMade, entry.createdAt, context: context)
        var lastUse = entry.lastUsedAt.map { LocalTime.message(strings.deviceLastUsed, $0, context: context) } ?? HTML.escape(strings.deviceNeverUsed)
        if let client = entry.lastClient {
            let identity = client.userAgent.map { BrowserIdentity(userAgent: $0) }
            lastUse += " · " + HTML.escape(strings.deviceClient(identity?.browser, on: identity?.system))
            if let address = client.address { lastUse += " · " + HTML.escape(strings.deviceAddress(address)) }
        }
        let asking = ConfirmSheet.attributes(confirm: strings.revoke, message: strings.revokeDeviceMessage(entry.device))
        // `ids` names the device the question is about (confirmations.js asks for forms that carry one).
        return """
            <li class="inset-row device" id="device-\(number)"><span class="inset-text"><span class="inset-title device-name">\(name)</span>\
            <span class="inset-detail device-made">\(made)</span><span class="inset-detail device-last-use">\(lastUse)</span></span>\
            <form method="post" action="\(path)/revoke">\(context.csrfField)<input type="hidden" name="device" value="\(name)"><input type="hidden" name="ids" value="\(name)">\
            <button type="submit" class="inset-action destructive device-revoke" aria-label="\(HTML.escape(strings.revoke)) · \(name)"\(asking)>\(HTML.escape(strings.revoke))</button></form></li>
            """
    }

    /// Revoke's question as a page of its own, for a browser without script.
    static func confirmRevoke(_ device: String, context: WebContext) -> String {
        let strings = context.strings
        return ConfirmSheet.page(title: strings.revokeDeviceQuestion(device), message: strings.revokeDeviceMessage(device),
                                 confirm: strings.revoke, action: path + "/revoke", fields: [("device", device)], cancel: path,
                                 context: context)
    }

    /// Connect a Device: the device's name, and Create Password.
    /// - Parameters:
    ///   - error: why the last name was refused; `name` is then what it asked for.
    static func connect(name: String = "", error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let main = """
            <form class="inset-form" id="connect-form" method="post" action="\(path)">\(context.csrfField)
            <h2 class="group-label" id="device-name-heading">\(HTML.escape(strings.deviceName))</h2>
            \(Layout.formError(error))
            <div class="field-group"><div class="field"><input id="device-name" name="device" value="\(HTML.escape(name))" placeholder="\(HTML.escape(strings.deviceNameExample))" maxlength="\(AccountStore.maximumDeviceNameLength)" required autocomplete="off" aria-labelledby="device-name-heading" aria-describedby="device-name-help"></div></div>
            <p class="inset-footer" id="device-name-help">\(HTML.escape(strings.deviceNameHelp))</p>
            <button type="submit" class="wide primary-text" id="create-password">\(HTML.escape(strings.createPassword))</button></form>
            """
        return Layout.page(title: strings.connectADevice, bodyClass: "devices-page",
                           bar: bar(strings.connectADevice, back: path, context: context), main: main, context: context)
    }

    /// The new device's password, shown this once, with the server and user name, each to copy,
    /// and the set-up of each kind of device: the configuration profile and the manual steps for
    /// Apple's, a QR code and a link for DAVx⁵, the steps for Thunderbird and Evolution.
    static func connected(_ setup: DeviceSetup, site: String, context: WebContext) -> String {
        let strings = context.strings
        let user = context.user?.username ?? ""
        let address = DeviceAddress.cardDAV(site: site)
        let davx5 = DeviceAddress.davx5(site: site, user: user)
        let qrCode = davx5.flatMap { QRCode($0)?.svg(label: strings.androidQRCode) } ?? ""
        let android = davx5.map { link in
            """
            <h2 class="group-label" id="android-heading">\(HTML.escape(strings.androidDevices))</h2>
            <ul class="inset-list"><li class="inset-row device-qr" id="davx5-qr">\(qrCode)</li>\
            <li class="inset-row"><a class="inset-link primary-text" id="davx5-link" href="\(HTML.escape(link))">\(HTML.escape(strings.openInDAVx5))</a></li></ul>
            <p class="inset-footer" id="android-steps">\(HTML.escape(strings.androidSteps))</p>
            """
        } ?? ""
        let main = """
            <div id="device-setup">
            <p class="device-once" id="password-shown-once"><strong>\(HTML.escape(strings.passwordShownOnce))</strong></p>
            <div class="field-group device-values">\(value("server", strings.serverAddress, address, context: context))\
            \(value("user-name", strings.accountName, user, context: context))\
            \(value("password", strings.devicePassword, setup.password, context: context))</div>
            <h2 class="group-label" id="apple-heading">\(HTML.escape(strings.appleDevices))</h2>
            <form class="inset-form" method="post" action="\(path)/profile">\(context.csrfField)<input type="hidden" name="password" value="\(HTML.escape(setup.password))">\
            <button type="submit" class="wide primary-text" id="download-profile">\(HTML.escape(strings.downloadProfile))</button></form>
            <p class="inset-footer" id="profile-steps">\(HTML.escape(strings.profileSteps))</p>
            <p class="inset-footer" id="apple-steps">\(HTML.escape(strings.appleManualSteps))</p>
            \(android)
            <h2 class="group-label" id="desktop-heading">Thunderbird · Evolution</h2>
            <p class="inset-footer" id="thunderbird-steps">\(HTML.escape(strings.thunderbirdSteps))</p>
            <p class="inset-footer" id="evolution-steps">\(HTML.escape(strings.evolutionSteps))</p>
            </div>
            """
        let title = strings.connectDevice(setup.device)
        let bar = #"<div class="bar-left"></div>\#(Layout.title(title))<a class="bar-right done" href="\#(path)" id="done-button" role="button">\#(HTML.escape(strings.done))</a>"#
        return Layout.page(title: title, bodyClass: "devices-page", bar: bar, main: main, context: context)
    }

    /// One value to enter on the device, selectable, with its copy button.
    private static func value(_ id: String, _ label: String, _ text: String, context: WebContext) -> String {
        let strings = context.strings
        return """
            <div class="field"><label class="field-label" for="device-\(id)">\(HTML.escape(label))</label>\
            <input id="device-\(id)" readonly value="\(HTML.escape(text))" autocomplete="off" spellcheck="false">\
            <button type="button" class="copy-button link" id="copy-\(id)" data-copy-from="#device-\(id)" data-copied="\(HTML.escape(strings.copied))" aria-label="\(HTML.escape(strings.copy)) · \(HTML.escape(label))" hidden>\(HTML.escape(strings.copy))</button></div>
            """
    }

    private static func bar(_ title: String, back: String, context: WebContext) -> String {
        #"<a class="bar-left" href="\#(back)" id="back-button" role="button">\#(HTML.escape(context.strings.back))</a>\#(Layout.title(title))<div class="bar-right"></div>"#
    }
}

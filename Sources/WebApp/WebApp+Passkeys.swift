import Base64URL
import Accounts
import ContactsStore
import Foundation
import HTTP
import WebAuthn

extension WebApp {
    /// Settings → Passkeys (the list, Add a passkey, Remove) and signing in with a passkey. The
    /// JSON endpoints answer the page's script: 400 for a body that is not what it sends, 401 for
    /// a passkey that does not sign in, each with `{"error": …}` in the page's language. Every
    /// challenge is signed by the store (giving one writes nothing) and single-use on every
    /// server of the database, so any server may take the answer.
    func addPasskeyRoutes(to router: Router) {
        router.get("/settings/passkeys") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            return .html(PasskeysPage.render(try store.passkeys(for: user), context: context))
        }
        router.post("/settings/passkeys/options") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let name = try passkeyField(request) { () throws(PasskeyRequest.Refusal) in try PasskeyRequest(request).text("name", maxLength: 1024) }
            guard Self.isPasskeyName(name) else { return Self.passkeyError(context.strings.passkeyNameInvalid, status: 422) }
            let challenge = try store.issuePasskeyChallenge(.register, for: user)
            let exclude = try store.passkeys(for: user).map { ["type": "public-key", "id": Base64URL.encode($0.credentialID)] }
            return Self.json([
                "challenge": Base64URL.encode(challenge),
                "rp": ["id": relyingParty(for: request).id, "name": context.strings.appTitle],
                "user": ["id": Base64URL.encode(Self.userHandle(user)), "name": user.username, "displayName": user.username],
                "pubKeyCredParams": COSEAlgorithm.allCases.map { ["type": "public-key", "alg": $0.rawValue] },
                "timeout": Int(ContactStore.passkeyChallengeLifetime * 1000),
                "attestation": "none",
                "authenticatorSelection": ["residentKey": "required", "requireResidentKey": true, "userVerification": "preferred"],
                "excludeCredentials": exclude,
            ])
        }
        router.post("/settings/passkeys") { [self] request, _ in try addPasskey(request) }
        router.post("/settings/passkeys/remove") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let fields = request.formFields()
            guard let id = fields["ids"].flatMap(Int64.init),
                  let passkey = try store.passkeys(for: user).first(where: { $0.id == id }) else {
                return ErrorPage.response(status: 404, message: context.strings.notFoundMessage, context: context)
            }
            guard fields[ConfirmSheet.confirmedField] == "1" else { return .html(PasskeysPage.confirmRemoval(of: passkey, context: context)) }
            _ = try store.removePasskey(id: passkey.id, for: user)
            return .redirect(to: "/settings/passkeys")
        }
        router.post("/login/passkey/options") { [self] request, _ in
            Self.json([
                "challenge": Base64URL.encode(try store.issuePasskeyChallenge(.login, for: nil)),
                "rpId": relyingParty(for: request).id,
                "timeout": Int(ContactStore.passkeyChallengeLifetime * 1000),
                "userVerification": "required",
            ])
        }
        router.post("/login/passkey") { [self] request, _ in try signInWithPasskey(request) }
    }

    /// Add a passkey's answer: the browser's attestation, for the challenge this account was given.
    private func addPasskey(_ request: Request) throws -> Response {
        let (context, user, _) = try request.requireLogin()
        let strings = context.strings
        let (name, id, clientData, attestation) = try passkeyField(request) { () throws(PasskeyRequest.Refusal) in
            let body = try PasskeyRequest(request)
            return (try body.text("name", maxLength: 1024), try body.bytes("id"), try body.bytes("clientDataJSON"),
                    try body.bytes("attestationObject"))
        }
        guard Self.isPasskeyName(name) else { return Self.passkeyError(strings.passkeyNameInvalid, status: 422) }
        guard let challenge = ClientData.challenge(of: clientData),
              try store.consumePasskeyChallenge(challenge, .register, for: user) else {
            return Self.passkeyError(strings.passkeyNotAdded, status: 400)
        }
        let registration: Registration
        do {
            registration = try Registration(attestationObject: attestation, clientDataJSON: clientData, challenge: challenge,
                                            relyingParty: relyingParty(for: request), requireUserVerification: true)
        } catch WebAuthnError.userNotVerified {
            return Self.passkeyError(strings.passkeyNeedsVerification, status: 400)
        } catch {
            return Self.passkeyError(strings.passkeyNotAdded, status: 400)
        }
        let credential = registration.credential
        guard credential.credentialID == id else { return Self.passkeyError(strings.passkeyNotAdded, status: 400) }
        do {
            _ = try store.addPasskey(for: user, credentialID: credential.credentialID, publicKey: credential.publicKeyBytes,
                                     algorithm: credential.publicKey.algorithm.rawValue, signCount: registration.signCount, name: name)
        } catch Passkey.Problem.alreadyRegistered {
            return Self.passkeyError(strings.passkeyAlreadyAdded, status: 409)
        } catch Passkey.Problem.invalidName {
            return Self.passkeyError(strings.passkeyNameInvalid, status: 422)
        }
        return Self.json(["location": "/settings/passkeys"])
    }

    /// Sign in with a passkey: a discoverable credential's assertion, for a login challenge. The
    /// passkey stands for the password and the second step both. Failures count in the login
    /// throttle, by the client's address.
    private func signInWithPasskey(_ request: Request) throws -> Response {
        let strings = request.context.strings
        let throttled = "\u{0}passkey " + request.clientAddress
        if let wait = try throttle.retryAfter(account: throttled, address: request.clientAddress) {
            var response = Self.passkeyError(strings.tooManyAttempts(minutes: (wait + 59) / 60), status: 429)
            response.headers["Retry-After"] = String(wait)
            return response
        }
        let (id, clientData, authenticatorData, signature, userHandle, next) = try passkeyField(request) { () throws(PasskeyRequest.Refusal) in
            let body = try PasskeyRequest(request)
            return (try body.bytes("id"), try body.bytes("clientDataJSON"), try body.bytes("authenticatorData"),
                    try body.bytes("signature"), try body.optionalBytes("userHandle"), try body.optionalText("next"))
        }
        func failure() throws -> Response {
            try throttle.recordFailure(account: throttled, address: request.clientAddress)
            return Self.passkeyError(strings.passkeySignInFailed, status: 401)
        }
        guard let challenge = ClientData.challenge(of: clientData), try store.consumePasskeyChallenge(challenge, .login, for: nil),
              let found = try store.passkey(credentialID: id),
              userHandle.map({ $0 == Self.userHandle(found.user) }) ?? true,
              let key = try? COSEKey(bytes: found.passkey.publicKey),
              let assertion = try? Assertion(authenticatorData: authenticatorData, clientDataJSON: clientData, signature: signature,
                                             publicKey: key, storedSignCount: found.passkey.signCount, challenge: challenge,
                                             relyingParty: relyingParty(for: request), requireUserVerification: true),
              try store.recordPasskeyUse(found.passkey, signCount: assertion.signCount) else { return try failure() }
        var response = Self.json(["location": ReturnPath.checked(next) ?? "/contacts"])
        if let old = request.cookies[Cookies.remember] { try store.revokeToken(old) }
        response.setCookie(Cookies.expire(Cookies.remember, for: request))
        try startSession(for: found.user, family: nil, on: &response, request: request)
        return response
    }

    /// This site as passkeys see it: the public URL's host and origin when one is set, else the request's.
    func relyingParty(for request: Request) -> RelyingParty {
        if let publicURL, let url = URL(string: publicURL), let host = url.host, let scheme = url.scheme {
            return RelyingParty(id: host.lowercased(), origin: "\(scheme.lowercased())://\(host.lowercased())" + (url.port.map { ":\($0)" } ?? ""))
        }
        let host = (request.headers["Host"] ?? "").lowercased()
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.prefix { $0 != ":" })
        return RelyingParty(id: name, origin: (request.isSecure ? "https://" : "http://") + host)
    }

    /// The WebAuthn user handle of an account: its id, 8 bytes big-endian (no name or address in it).
    static func userHandle(_ user: User) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: user.id >> (8 * Int64($0))) }
    }

    /// Whether `name` is one a passkey may be given (the store's rule, checked before the browser asks).
    private static func isPasskeyName(_ name: String) -> Bool {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return (1...Passkey.maximumNameLength).contains(trimmed.count) && !trimmed.unicodeScalars.contains(where: NameText.isHidden)
    }

    /// What `read` takes from a request's JSON body; a refusal ends the request with 400.
    private func passkeyField<T>(_ request: Request, _ read: () throws(PasskeyRequest.Refusal) -> T) throws -> T {
        do { return try read() } catch {
            throw PasskeyAnswer(answer: Self.passkeyError(request.context.strings.passkeyRequestInvalid, status: 400))
        }
    }

    /// `{"error": message}` with `status`.
    static func passkeyError(_ message: String, status: Int) -> Response {
        var response = json(["error": message])
        response.status = status
        return response
    }

    /// A JSON response of `object`.
    static func json(_ object: [String: Any]) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(headers: ["Content-Type": "application/json; charset=utf-8"], body: Array(body))
    }
}

/// A passkey request answered early (its body refused) with `response`.
struct PasskeyAnswer: HTTPResponseConvertibleError {
    let answer: Response

    func response(for request: Request) -> Response { answer }
}

import CLibCrypto
import Foundation

/// Signatures and digests through OpenSSL's libcrypto (EVP): ES256 as a DER ECDSA signature on
/// P-256, RS256 as PKCS#1 v1.5 with SHA-256. Each call builds its own key and contexts, so
/// nothing is shared between threads.
enum SignatureCheck {
    /// Whether `signature` signs `message` under `key`.
    static func verify(_ signature: [UInt8], of message: [UInt8], with key: COSEKey) -> Bool {
        guard let pkey = publicKey(key.material) else { return false }
        defer { EVP_PKEY_free(pkey) }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit_ex(context, nil, "SHA256", nil, nil, pkey, nil) == 1 else { return false }
        let result = EVP_DigestVerify(context, signature, signature.count, message, message.count)
        ERR_clear_error()
        return result == 1
    }

    /// SHA-256 of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_Digest(bytes, bytes.count, &digest, &length, EVP_sha256(), nil) == 1, length == 32 else {
            preconditionFailure("libcrypto could not compute SHA-256")
        }
        return digest
    }

    /// EVP_PKEY_PUBLIC_KEY, a macro Swift does not import: the public key and its parameters.
    private static let publicKeySelection = Int32(OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS | OSSL_KEYMGMT_SELECT_OTHER_PARAMETERS
        | OSSL_KEYMGMT_SELECT_PUBLIC_KEY)

    /// The names of the parameters: OpenSSL keeps these pointers in what it builds, so they live
    /// as long as the process.
    nonisolated(unsafe) private static let groupName = strdup("group")!, publicKeyName = strdup("pub")!, modulusName = strdup("n")!,
                       exponentName = strdup("e")!, p256 = strdup("prime256v1")!

    /// The key as an EVP_PKEY, checked (a P-256 point must lie on the curve); nil when it is no key.
    private static func publicKey(_ material: COSEKey.Material) -> OpaquePointer? {
        guard let builder = OSSL_PARAM_BLD_new() else { return nil }
        defer { OSSL_PARAM_BLD_free(builder) }
        var numbers: [OpaquePointer] = []
        defer { numbers.forEach { BN_free($0) } }
        let type: String
        let built: UnsafeMutablePointer<OSSL_PARAM>?
        switch material {
        case .p256(let x, let y):
            type = "EC"
            // The builder copies the point when it builds, so the point lives until then.
            built = ([0x04] + x + y).withUnsafeBytes { point in
                guard OSSL_PARAM_BLD_push_utf8_string(builder, groupName, p256, 0) == 1,
                      OSSL_PARAM_BLD_push_octet_string(builder, publicKeyName, point.baseAddress, point.count) == 1 else { return nil }
                return OSSL_PARAM_BLD_to_param(builder)
            }
        case .rsa(let modulus, let exponent):
            type = "RSA"
            guard let n = BN_bin2bn(modulus, Int32(modulus.count), nil) else { return nil }
            numbers.append(n)
            guard let e = BN_bin2bn(exponent, Int32(exponent.count), nil) else { return nil }
            numbers.append(e)
            guard OSSL_PARAM_BLD_push_BN(builder, modulusName, n) == 1, OSSL_PARAM_BLD_push_BN(builder, exponentName, e) == 1 else {
                return nil
            }
            built = OSSL_PARAM_BLD_to_param(builder)
        }
        guard let parameters = built else { return nil }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1,
              EVP_PKEY_fromdata(context, &key, publicKeySelection, parameters) == 1, let key else {
            ERR_clear_error()
            return nil
        }
        guard let check = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            EVP_PKEY_free(key)
            return nil
        }
        defer { EVP_PKEY_CTX_free(check) }
        guard EVP_PKEY_public_check(check) == 1 else {
            ERR_clear_error()
            EVP_PKEY_free(key)
            return nil
        }
        return key
    }
}

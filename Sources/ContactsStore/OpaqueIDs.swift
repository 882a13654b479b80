import Accounts
import CSodium
import SQLEngine

/// The ids of contacts, groups and address books as URLs and the CLI show them: each number a
/// counter hands out, passed through a permutation keyed by the installation's secret. One
/// counter serves every account, so ids taken straight from it would tell an account how many
/// contacts the others added between two of its own; these say nothing of it. Being a
/// permutation, it never gives two numbers one id.
///
/// Ids begin at `first`, above every id an earlier release handed out (the counter's numbers
/// themselves), so those keep naming what they named and no new id can take one of them.
struct OpaqueIDs {
    /// The smallest id handed out: 2^32.
    static let first: Int64 = 1 << 32
    /// Bits of the permuted numbers: 2^40 ids, which keeps every id below 2^53, exact in any
    /// JSON reader.
    static let bits = 40
    private static let halfBits = bits / 2
    private static let halfMask: UInt64 = (1 << halfBits) - 1
    private static let rounds: UInt8 = 8
    /// The name of the key's row in the secrets table.
    static let secretName = "ids"

    private let key: [UInt8]

    /// The permutation under the key kept in the store's secrets, made on first use in this
    /// write transaction.
    init(db: any SQLConnection) throws {
        let secret = try AccountStore.secretKey(named: Self.secretName, db: db)
        var key = [UInt8](repeating: 0, count: Int(crypto_shorthash_KEYBYTES))
        crypto_generichash(&key, key.count, secret, UInt64(secret.count), nil, 0)
        self.key = key
    }

    /// The id of counter number `number` (1, 2, 3, …).
    /// - Throws: `StoreError.storageFailed` past 2^40 numbers.
    func id(for number: Int64) throws -> Int64 {
        guard number >= 0, number < 1 << Self.bits else {
            throw StoreError.storageFailed("the id counter passed \(number): no ids are left")
        }
        return Self.first + Int64(bitPattern: permute(UInt64(number)))
    }

    /// A balanced Feistel network over `bits` bits, SipHash-2-4 (libsodium's short hash) keyed
    /// by `key` as its round function.
    private func permute(_ value: UInt64) -> UInt64 {
        var left = value >> UInt64(Self.halfBits)
        var right = value & Self.halfMask
        for round in 0..<Self.rounds {
            (left, right) = (right, left ^ (roundValue(round, right) & Self.halfMask))
        }
        return left << UInt64(Self.halfBits) | right
    }

    private func roundValue(_ round: UInt8, _ half: UInt64) -> UInt64 {
        let input = [round] + withUnsafeBytes(of: half.littleEndian, Array.init)
        var output = [UInt8](repeating: 0, count: Int(crypto_shorthash_BYTES))
        crypto_shorthash(&output, input, UInt64(input.count), key)
        return output.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }
}

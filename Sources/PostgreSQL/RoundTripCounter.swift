import Synchronization

/// A count of the times connections waited for the server's answer: each is a round trip,
/// whatever number of statements went in it.
final class RoundTripCounter: Sendable {
    private let count = Atomic<Int>(0)

    func add() { count.wrappingAdd(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}

import Foundation
import Dispatch

extension Array where Element: Sendable {
    /// `map` spread over the machine's cores in contiguous chunks, results in order. For CPU-bound
    /// work on large arrays (preparing thousands of rows); small arrays are mapped in place.
    func parallelMap<T>(_ transform: @Sendable (Element) throws -> T) throws -> [T] {
        let workers = ProcessInfo.processInfo.activeProcessorCount
        guard count >= 256, workers > 1 else { return try map(transform) }
        let chunk = (count + workers - 1) / workers
        let results = UnsafeMutableBufferPointer<Result<T, any Error>?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let output = results
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in (worker * chunk)..<Swift.min(count, (worker + 1) * chunk) {
                output[index] = Result { try transform(self[index]) }
            }
        }
        return try results.map { try $0!.get() }
    }
}

import ContactsCore
import ContactsStore
import Foundation

/// Wall-clock seconds that `body` takes.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The value below which `fraction` of `values` lie.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func milliseconds(_ value: Double) -> String { String(format: "%.2f ms", value * 1000) }

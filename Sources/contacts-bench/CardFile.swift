import ContactsCore
import Foundation
import VCard

/// Writes `count` realistic vCard 3.0 cards to `path` for the import benchmark: the sample
/// contacts with an organisation and title for a third, a birthday for a fifth, an address and a
/// note for some, and a 20 KB JPEG photo for one card in ten. Streams, so any count fits.
func writeCardFile(path: String, count: Int) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileWriteUnknown)
    }
    defer { try? file.close() }
    var sample = SampleData(seed: 11)
    let writer = VCardWriter(version: .v3_0)
    var buffer: [UInt8] = []
    for index in 0..<count {
        var details = sample.nextContact()
        if sample.next(5) == 0 { details.birthday = CalendarDate(year: 1950 + sample.next(60), month: 1 + sample.next(12), day: 1 + sample.next(28)) }
        if sample.next(4) == 0 { details.addresses = [PostalAddress(label: .other, street: "\(1 + sample.next(300)) Zhongshan Road, Nanjing, Jiangsu, China")] }
        if sample.next(10) == 0 { details.note = "Met at the conference; call after 6 pm.\nLikes tea, not coffee." }
        if index % 10 == 0 { details.photo = try Photo(data: samplePhoto(&sample)) }
        var card = details.vCard(uid: "bench-\(index)", version: .v3_0)
        if sample.next(3) == 0 {
            card.properties += [VCardProperty(name: "ORG", components: [["Example Trading Co."], ["Sales"]]),
                                VCardProperty(name: "TITLE", text: "Account Manager"),
                                VCardProperty(group: "item1", name: "URL", value: "https://example.com/\(index)"),
                                VCardProperty(group: "item1", name: "X-ABLabel", text: "_$!<HomePage>!$_")]
        }
        writer.write(card, into: &buffer)
        if buffer.count > 1 << 20 {
            try file.write(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
    try file.write(contentsOf: buffer)
}

/// 20 KB that starts like a JPEG: the store checks the signature, not the pixels.
private func samplePhoto(_ sample: inout SampleData) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xE0] + (0..<20_476).map { _ in UInt8(sample.next(256)) }
}

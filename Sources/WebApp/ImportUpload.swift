import ContactsCore
import ContactsStore
import HTTP

/// The fields of the import form (multipart/form-data): the chosen file and what to do with a
/// card whose contact is already in the book.
struct ImportUpload {
    /// The file's bytes; nil when no file was chosen (a browser then sends a part without a name).
    let file: [UInt8]?
    /// The chosen file's name, as the browser gives it.
    let fileName: String?
    /// The choice of the form; `.update`, the form's default, when the field is missing.
    let policy: ImportConflictPolicy

    /// Reads the form; throws HTTPError 400 when the body is not multipart/form-data or the
    /// choice is none of update, skip and copy.
    init(_ request: Request) throws {
        let parts = try request.formParts()
        let part = parts.first { $0.name == "file" && $0.filename?.isEmpty == false }
        (file, fileName) = (part?.data, part?.filename)
        guard let choice = parts.first(where: { $0.name == "on_conflict" && $0.filename == nil })?.text else {
            policy = .update
            return
        }
        guard let policy = ImportConflictPolicy(rawValue: choice) else {
            throw HTTPError(400, request.context.strings.mustBeOneOf("on_conflict", ImportConflictPolicy.allCases.map(\.rawValue), given: nil))
        }
        self.policy = policy
    }

    /// The chosen file's name as a message may show it: its last path component, `quotable`;
    /// `fallback` when nothing of it is left.
    func shownFileName(or fallback: String) -> String {
        let base = (fileName ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init)
        return base?.quotable() ?? fallback
    }
}

import ContactsCore
import ContactsStore
import HTTP
import VCard

extension WebApp {
    /// Import (a form, then a summary), export of the whole book as vCard or CSV, and one contact's card to share.
    func addVCardRoutes(to router: Router) {
        router.get("/contacts/import") { [self] request, _ in
            let (context, _, _) = try request.requireLogin()
            return .html(ImportPage.render(maxUploadBytes: maxUploadBytes, context: context))
        }
        router.post("/contacts/import") { [self] request, _ in try importCards(request) }
        router.get("/contacts/import/result") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            guard let id = request.query["id"], let summary = try store.importSummary(id, for: user) else {
                return .redirect(to: "/contacts")
            }
            return .html(ImportSummaryPage.render(summary, context: context))
        }
        router.get("/contacts/export.vcf") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            guard let version = VCardWriter.Version(rawValue: request.query["version"] ?? VCardWriter.Version.v3_0.rawValue) else {
                return ErrorPage.response(status: 400, message: context.strings.unsupportedVersion, context: context)
            }
            var bytes: [UInt8] = []
            try store.exportVCards(in: scope, version: version) { bytes += $0 }
            return VCardDownload.book(bytes)
        }
        router.get("/contacts/export.csv") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            guard let format = request.query["format"].flatMap(ExportFormat.init(rawValue:)), let csvFormat = format.csvFormat else {
                return ErrorPage.response(status: 400, message: context.strings.unsupportedExportFormat, context: context)
            }
            return VCardDownload.table(try store.exportCSV(in: scope, format: csvFormat).bytes, format: format)
        }
        router.get("/contacts/:id/vcard") { [self] request, parameters in
            let (_, scope, id) = try contactBook(request, parameters)
            let contact = try store.contact(id: id, in: scope)
            var bytes: [UInt8] = []
            VCardWriter(version: .v3_0).write(contact.vCard(version: .v3_0), into: &bytes)
            return VCardDownload.card(bytes, name: contact.details.name)
        }
    }

    /// Imports the uploaded file into the user's book and redirects to its summary (so a reload
    /// does not import the file again). No file, an empty one, one that is plainly no contacts
    /// file (an image, a PDF…) or one in which no card is found is 422 on the form.
    private func importCards(_ request: Request) throws -> Response {
        let (context, user, scope) = try request.requireLogin()
        let upload = try ImportUpload(request)
        func refuse(_ message: String) -> Response {
            .html(ImportPage.render(policy: upload.policy, error: message, maxUploadBytes: maxUploadBytes, context: context), status: 422)
        }
        guard let file = upload.file, !file.isEmpty else {
            return refuse(upload.file == nil ? context.strings.chooseFile : context.strings.emptyFile)
        }
        let name = upload.shownFileName(or: context.strings.theFile)
        let head = Array(file.prefix(ImportFile.headSize))
        if let format = ForeignFormat(head: head) { return refuse(context.strings.notAContactsFile(name, format)) }
        var source = ImportFile.source(bytes: file, fileName: upload.fileName)
        let summary = try store.importVCards(from: &source, into: scope, onConflict: upload.policy)
        guard summary.cardsRead > 0 else {
            return refuse(context.strings.noContactsIn(name, isCSV: ImportFile.isCSV(head: head, fileName: upload.fileName)))
        }
        return .redirect(to: context.inBook("/contacts/import/result?id=" + (try store.keepImportSummary(summary, for: user))))
    }
}

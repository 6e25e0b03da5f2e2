import AppIntents
import ShortcutsContent
import ShortcutsRPC
import Testing

/// `UTType` as Apple's `UniformTypeIdentifiers` has it, and file parameters that take only some
/// types (`supportedContentTypes`), through the real server.
struct UTTypeTests {
    @Test func typesConformAsAppleDeclaresThem() throws {
        #expect(UTType.png.conforms(to: .image) && UTType.png.conforms(to: .data) && UTType.png.conforms(to: .item))
        #expect(!UTType.png.conforms(to: .text) && !UTType.pdf.conforms(to: .image))
        #expect(UTType.pdf.conforms(to: .content) && UTType.utf8PlainText.conforms(to: .text))
        #expect(UTType.shellScript.conforms(to: .sourceCode) && UTType.folder.conforms(to: .directory))
        #expect(UTType.image.isSupertype(of: .jpeg) && UTType.jpeg.isSubtype(of: .image) && !UTType.image.isSubtype(of: .image))
        #expect(UTType.mpeg4Movie.supertypes == [.movie, .audiovisualContent, .data, .content, .item])

        #expect(UTType(filenameExtension: "md")?.identifier == "net.daringfireball.markdown")
        #expect(UTType(filenameExtension: "PNG") == .png)
        #expect(UTType(filenameExtension: "png", conformingTo: .text) == nil)
        #expect(UTType(filenameExtension: "nope") == nil)
        #expect(UTType(mimeType: "image/jpeg") == .jpeg && UTType(mimeType: "application/x-nope") == nil)
        #expect(UTType.png.preferredFilenameExtension == "png" && UTType.png.preferredMIMEType == "image/png")
        #expect(UTType.item.preferredMIMEType == nil)
        #expect(UTType("") == nil && UTType("not a type") == nil && UTType("com.example.undeclared") == nil)
        #expect(UTType("public.png") == .png)

        // A type an app declares conforms to what it says; one nobody declared is some data.
        let recipe = UTType(exportedAs: "com.example.recipe", conformingTo: .json)
        #expect(recipe.conforms(to: .text) && recipe.conforms(to: .json))
        let imported = UTType(importedAs: "com.example.unknown")
        #expect(imported.conforms(to: .data) && !imported.conforms(to: .text) && UTType("com.example.unknown") == imported)

        #expect(IntentFile(data: Data([1]), filename: "photo.jpeg").type == .jpeg)
        #expect(IntentFile(data: Data([1]), filename: "photo.bin", type: .png).type == .png)
    }

    @Test func aFileParameterTakesOnlyItsTypes() async throws {
        try await ServerHarness.with([FileScanIntent.self]) { server in
            func perform(_ name: String, _ type: String? = nil) async throws -> ExtensionProtocol.PerformResult {
                try await server.perform(
                    "FileScanIntent", ["scan": .file(FileContent(name: name, data: Data("x".utf8), typeIdentifier: type))])
            }
            #expect(try await perform("page.pdf").value == .text("page.pdf: com.adobe.pdf"))
            #expect(try await perform("photo.png").value == .text("photo.png: public.png"))
            #expect(try await perform("scan", "public.heic").value == .text("scan: public.heic"))
            let refused = try await perform("notes.txt")
            #expect(refused.outcome == .unsupported && refused.parameter == "scan")
            #expect(refused.message == "Scan takes files of type com.adobe.pdf, public.image; “notes.txt” is public.plain-text")
        }
    }
}

/// Takes a PDF or an image, as Apple's samples write it.
struct FileScanIntent: AppIntent {
    static let title: LocalizedStringResource = "File Scan"
    @Parameter(title: "Scan", supportedContentTypes: [.pdf, .image]) var scan: IntentFile

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: "\(scan.filename): \(scan.type?.identifier ?? "unknown")")
    }
}

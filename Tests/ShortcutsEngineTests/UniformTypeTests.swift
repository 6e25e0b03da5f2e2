import ShortcutsContent
import Testing

/// The one table of file types: extensions, identifiers and MIME types agree both ways.
struct UniformTypeTests {
    @Test(arguments: [
        ("photo.JPG", "public.jpeg", "image/jpeg", "jpg"), ("notes.txt", "public.plain-text", "text/plain", "txt"),
        ("data.json", "public.json", "application/json", "json"), ("page.htm", "public.html", "text/html", "html"),
        ("a.webp", "org.webmproject.webp", "image/webp", "webp"),
        ("x.shortcut", "com.apple.shortcut", "application/x-shortcut", "shortcut"),
    ])
    func eachWayRoundAgrees(file: String, identifier: String, mime: String, preferred: String) {
        #expect(UniformType.identifier(forFileName: file) == identifier)
        #expect(UniformType.mimeType(for: identifier) == mime)
        #expect(UniformType.identifier(forMIMEType: mime) == identifier)
        #expect(UniformType.preferredExtension(for: identifier) == preferred)
    }

    @Test func unknownsFallBackAsTheWebDoes() {
        #expect(UniformType.identifier(forMIMEType: "application/vnd.api+json; charset=utf-8") == "public.json")
        #expect(UniformType.identifier(forMIMEType: "text/x-unheard-of") == "public.plain-text")
        #expect(UniformType.identifier(forMIMEType: "application/x-whatever") == "public.data")
        #expect(UniformType.identifier(forMIMEType: "IMAGE/PNG") == "public.png")
        #expect(UniformType.identifier(forFileName: "README") == "public.data")
        #expect(UniformType.mimeType(for: "public.utf8-plain-text") == "text/plain")
        #expect(UniformType.mimeType(for: "public.data") == "application/octet-stream")
        #expect(UniformType.preferredExtension(for: "public.text") == "txt")
    }
}

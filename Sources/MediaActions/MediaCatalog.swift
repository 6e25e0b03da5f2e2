import ActionSupport
import ShortcutsContent
import ShortcutsEngine

/// Images, GIFs, PDFs, QR codes, text recognition, the camera, audio and video, speech, and the
/// photo and music libraries.
package enum MediaCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { MediaLibraryActions.all.listed(under: .media) },
        { ImageActions.all.listed(under: .media) },
        { ImageDetailActions.all.listed(under: .media) },
        { GIFActions.all.listed(under: .media) },
        { TextOverlay.all.listed(under: .media) },
        { CodeActions.all.listed(under: .media) },
        { PhotoLibrary.all.listed(under: .media) },
        { PhotosAppActions.all.listed(under: .media) },
        { PreviewAppActions.all.listed(under: .documents) },
        { MusicLibrary.all.listed(under: .media) },
        { PlaylistActions.all.listed(under: .media) },
        { MediaEncodingActions.all.listed(under: .media) },
        { TextRecognition.all.listed(under: .documents) },
        { PDFActions.all.listed(under: .documents) },
        { PDFOptimizing.all.listed(under: .documents) },
        { SpeechRecognition.all.listed(under: .documents) },
        { DictationActions.all.listed(under: .documents) },
        { CameraActions.all.listed(under: .scripting) },
    ]

    package static var entries: [CatalogEntry] { groups.entries }

    /// A PDF's text (poppler), pages one after another, for ``RunEnvironment/fileText``; nil for
    /// other files, or when poppler is missing or the PDF can't be read.
    package static let fileText: DateContext.FileText = { file in
        guard PDFActions.isPDF(file), (try? PDFActions.loaded()) != nil,
            let document = try? PDFDocument(file, parameter: "WFInput"), document.pageCount <= PDFActions.pageLimit
        else { return nil }
        return (0..<document.pageCount).map { document.text(ofPage: $0) }.joined(separator: "\n")
    }

    /// A PDF's pages as PNG images at 150 dpi, for ``RunEnvironment/pageImages``.
    package static let pageImages: ContentGraph.PageImages = { file in
        try PDFActions.pageImages(of: file, dpi: 150, format: .png, grey: false, run: nil)
    }

    /// Reads the properties that need a library (``RunEnvironment/contentProperty``): an image
    /// file's details (``ImageDetails``).
    package static let contentProperty: @Sendable (Content, String) -> Content? = { item, name in
        ImageDetails.property(name, of: item)
    }
}

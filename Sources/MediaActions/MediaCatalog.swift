import ActionSupport
import ShortcutsContent

/// Images, GIFs, PDFs, QR codes, text recognition, the camera, audio and video, speech, and the
/// photo and music libraries.
package enum MediaCatalog {
    package static let entries: [CatalogEntry] =
        (MediaLibraryActions.all + ImageActions.all + ImageDetailActions.all + GIFActions.all + TextOverlay.all + CodeActions.all
        + PhotoLibrary.all + MusicLibrary.all + PlaylistActions.all + MediaEncodingActions.all).listed(under: .media)
        + (TextRecognition.all + PDFActions.all + PDFOptimizing.all + SpeechRecognition.all + DictationActions.all)
        .listed(under: .documents)
        + CameraActions.all.listed(under: .scripting)

    /// Reads the properties that need a library (``RunEnvironment/contentProperty``): an image
    /// file's details (``ImageDetails``).
    package static let contentProperty: @Sendable (Content, String) -> Content? = { item, name in
        ImageDetails.property(name, of: item)
    }
}

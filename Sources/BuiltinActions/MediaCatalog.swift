import ActionSupport
/// Images, GIFs, PDFs, QR codes, text recognition, the camera, audio and video, speech, and the
/// photo and music libraries.
enum MediaCatalog {
    static let entries: [CatalogEntry] =
        (MediaLibraryActions.all + ImageActions.all + ImageDetailActions.all + GIFActions.all + TextOverlay.all + CodeActions.all
        + PhotoLibrary.all + MusicLibrary.all + PlaylistActions.all + MediaEncodingActions.all).listed(under: .media)
        + (TextRecognition.all + PDFActions.all + PDFOptimizing.all + SpeechRecognition.all + DictationActions.all)
        .listed(under: .documents)
        + CameraActions.all.listed(under: .scripting)
}

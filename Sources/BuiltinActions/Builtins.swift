import ShortcutsContent
import ShortcutsEngine
import ShortcutsPlatform

/// The built-in actions: everything under `is.workflow.actions.` that runs on Linux.
///
/// Variables, Stop, Nothing, Comment and Run Shortcut belong to the engine itself; control flow
/// is compiled by the engine. Each family below lives in its own file.
public enum Builtins {
    /// Every built-in action, as one action source for the engine.
    public static let catalog = ActionCatalog(
        TextActions.all + NumberActions.all + ListActions.all + DictionaryActions.all + EncodingActions.all
            + DateActions.all + WebActions.all + InteractionActions.all + FileActions.all + ScriptActions.all
            + AutomatorActions.all + ContentActions.all + ScriptingActions.all + WebServiceActions.all + PodcastActions.all
            + MediaLibraryActions.all + LocationActions.all + WeatherActions.all + DesktopAppActions.all + MailActions.all
            + ImageActions.all + ImageDetailActions.all + GIFActions.all + TextOverlay.all + TextRecognition.all + PDFActions.all
            + PhotoLibrary.all + MusicLibrary.all + LanguageActions.all + SSHActions.all + ArchiveActions.all + CodeActions.all
            + PowerActions.all + NetworkActions.all + MediaControlActions.all + DesktopOpenActions.all + PortalActions.all
            + CurrentLocation.all + DesktopSettingsActions.all + ClockActions.all
            + CalendarActions.all + ReminderActions.all + ContactActions.all + NoteActions.all
            + SoundActions.all + DiskActions.all + RichTextActions.all + PlaylistActions.all + MediaEncodingActions.all + PDFOptimizing.all
            + WordNet.all + DiskImageActions.all + PrintActions.all + TranslateActions.all + SpeechRecognition.all + DictationActions.all
            + CameraActions.all)

    /// The category of Shortcuts' action library each built-in action is listed under
    /// (Documents, Location, Media, Scripting, Sharing, Web), by identifier. Actions not in it
    /// (the engine's own, the library's) are Scripting's, as on Apple's.
    public static let categories: [String: String] = {
        let families: [(String, [ActionDefinition])] = [
            ("Scripting", NumberActions.all + ListActions.all + DictionaryActions.all + DateActions.all + InteractionActions.all),
            ("Scripting", ScriptActions.all + SSHActions.all + ScriptingActions.all + AutomatorActions.all + DesktopAppActions.all),
            (
                "Scripting",
                PowerActions.all + NetworkActions.all + DesktopSettingsActions.all + ClockActions.all
                    + CalendarActions.all + ReminderActions.all + ContactActions.all + NoteActions.all
                    + SoundActions.all + DiskActions.all
            ),
            (
                "Documents",
                TextActions.all + FileActions.all + ContentActions.all + LanguageActions.all + WordNet.all + TranslateActions.all
                    + SpeechRecognition.all + DictationActions.all
            ),
            ("Web", WebActions.all + WebServiceActions.all + EncodingActions.all + RichTextActions.all),
            (
                "Media",
                MediaLibraryActions.all + PodcastActions.all + ImageActions.all + ImageDetailActions.all + GIFActions.all + TextOverlay.all
                    + CodeActions.all + PhotoLibrary.all + MusicLibrary.all + MediaControlActions.all + PlaylistActions.all
                    + MediaEncodingActions.all
            ),
            (
                "Documents",
                ArchiveActions.all + TextRecognition.all + PDFActions.all + PDFOptimizing.all + DiskImageActions.all + PrintActions.all
            ),
            (
                "Location",
                LocationActions.all + WeatherActions.all + CurrentLocation.all + [
                    DesktopOpenActions.showInMaps, DesktopOpenActions.directions,
                ]
            ),
            ("Web", [DesktopOpenActions.searchWeb, DesktopOpenActions.showInStore, DesktopOpenActions.xCallback]),
            ("Documents", [DesktopOpenActions.revealFiles, PortalActions.selectFile, PortalActions.openFile]),
            ("Media", [PortalActions.selectPhotos, PortalActions.screenshot]),
            ("Scripting", [PortalActions.wallpaper, PortalActions.appearance]),
            ("Sharing", MailActions.all),
            ("Calendar", CalendarActions.all + ReminderActions.all + ClockActions.all),
            ("Sharing", ContactActions.all),
            ("Documents", NoteActions.all + DiskActions.all + [SoundActions.connectToServers]),
            (
                "Media",
                [
                    SoundActions.playSound, SoundActions.recordAudio, SoundActions.playbackDestination, SoundActions.addToUpNext,
                    SoundActions.clearUpNext,
                ]
            ),
        ]
        var table: [String: String] = [:]
        for (category, definitions) in families {
            for definition in definitions { table[definition.metadata.identifier] = category }
        }
        return table
    }()

    /// Downloads a URL for the content graph (``RunEnvironment/download``): a GET following
    /// redirects, the file named and typed from the response.
    public static let download: ContentGraph.Download = { url in try HTTPClient.download(url) }

    /// Reads the properties that need a library (``RunEnvironment/contentProperty``): an image
    /// file's details (``ImageDetails``).
    public static let contentProperty: @Sendable (Content, String) -> Content? = { item, name in
        ImageDetails.property(name, of: item)
    }
}

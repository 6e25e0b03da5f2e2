import ActionSupport
import CoreActions
import DeviceActions
import FileActions
import IntelligenceActions
import LanguageActions
import LocationActions
import MediaActions
import PersonalDataActions
import ScriptActions
import ShortcutsContent
import ShortcutsEngine
import ShortcutsPlatform
import WebActions

/// The built-in actions: everything under `is.workflow.actions.` that runs on Linux.
///
/// Variables, Stop, Nothing, Comment and Run Shortcut belong to the engine itself; control flow
/// is compiled by the engine. Each family lists its actions, with their sections of the action
/// library, in its catalog (`CoreCatalog`, `FileCatalog`…).
public enum Builtins {
    /// Every family's entries, in one list. An identifier listed twice stops the program as it
    /// starts, naming it (rather than one definition silently replacing the other).
    static let entries: [CatalogEntry] = checked(
        CoreCatalog.entries + FileCatalog.entries + WebCatalog.entries + MediaCatalog.entries + DeviceCatalog.entries
            + LocationCatalog.entries + PersonalDataCatalog.entries + LanguageCatalog.entries + ScriptCatalog.entries
            + IntelligenceCatalog.entries)

    /// Every built-in action, as one action source for the engine.
    public static let catalog = ActionCatalog(entries.map(\.definition))

    /// The section of Shortcuts' action library each built-in action is listed under
    /// (Calendar, Documents, Location, Media, Scripting, Sharing, Web), by identifier. Actions not
    /// in it (the engine's own, the library's) are Scripting's, as on Apple's.
    public static let categories: [String: String] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.identifier, $0.category.rawValue) })

    /// The entries, after checking that no identifier is listed twice.
    static func checked(_ entries: [CatalogEntry]) -> [CatalogEntry] {
        if let twice = firstDuplicate(in: entries) {
            preconditionFailure("the built-in action \(twice) is listed twice in the families' catalogs")
        }
        return entries
    }

    /// The first identifier listed a second time, or `nil`.
    static func firstDuplicate(in entries: [CatalogEntry]) -> String? {
        var seen: Set<String> = []
        return entries.first { !seen.insert($0.identifier).inserted }?.identifier
    }

    /// Downloads a URL for the content graph (``RunEnvironment/download``): a GET following
    /// redirects, the file named and typed from the response.
    public static let download: ContentGraph.Download = { url in
        do throws(HTTPFailure) {
            return try CurlTransport().download(url)
        } catch {
            throw ActionFailure("can't get \(url.absoluteString): \(error.message)", parameter: "WFInput", underlying: error)
        }
    }

    /// Reads the properties that need a library (``RunEnvironment/contentProperty``): an image
    /// file's details (``ImageDetails``).
    public static let contentProperty: @Sendable (Content, String) -> Content? = MediaCatalog.contentProperty
}

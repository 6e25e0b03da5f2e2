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
import Synchronization
import WebActions

/// The built-in actions: everything under `is.workflow.actions.` that runs on Linux.
///
/// Variables, Stop, Nothing, Comment and Run Shortcut belong to the engine itself; control flow
/// is compiled by the engine. Each family lists its actions, with their sections of the action
/// library, in its catalog (`CoreCatalog`, `FileCatalog`…).
public enum Builtins {
    /// The families' actions, group by group, each group made the first time it is asked for;
    /// ``groupOfIdentifier`` says which group has an action.
    static let groups: [CatalogGroup] =
        CoreCatalog.groups + FileCatalog.groups + WebCatalog.groups + MediaCatalog.groups + DeviceCatalog.groups
        + LocationCatalog.groups + PersonalDataCatalog.groups + LanguageCatalog.groups + ScriptCatalog.groups
        + IntelligenceCatalog.groups

    /// Every family's entries, in one list. An identifier listed twice stops the program,
    /// naming it (rather than one definition silently replacing the other).
    static let entries: [CatalogEntry] = checked(groups.entries)

    /// Every built-in action, as one action source for the engine. A run makes only the
    /// groups its actions are in: making all 300 took a quarter of a one-action run.
    public static let catalog = BuiltinCatalog()

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

    /// Reads the text of files the content module can't (``RunEnvironment/fileText``): a PDF's.
    public static let fileText: DateContext.FileText = MediaCatalog.fileText

    /// Draws a PDF's pages as images when one is needed as an image (``RunEnvironment/pageImages``).
    public static let pageImages: ContentGraph.PageImages = MediaCatalog.pageImages
}

/// The built-in actions as an action source: an action is found through
/// ``Builtins/groupOfIdentifier`` in its group's table, made on first use; listing every
/// action makes them all.
public struct BuiltinCatalog: ActionSource {
    /// Each group's definitions by identifier, made once, when first asked for.
    private static let tables: [Lazy<ActionCatalog>] = Builtins.groups.map { group in
        Lazy { ActionCatalog(group().map(\.definition)) }
    }
    private static let everything = ActionCatalog(Builtins.entries.map(\.definition))

    public func definition(for identifier: String) -> ActionDefinition? {
        guard let group = Builtins.groupOfIdentifier[identifier] else { return nil }
        return Self.tables[group].value.definition(for: identifier)
    }

    public var allMetadata: [ActionMetadata] { Self.everything.allMetadata }
}

/// A value made the first time it is read, once, whichever thread reads it.
final class Lazy<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}

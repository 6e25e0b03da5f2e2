import ActionTestSupport
import Foundation
import ShortcutsEngine
import Testing

@testable import ActionSupport
@testable import BuiltinActions
@testable import CoreActions
@testable import DeviceActions
@testable import FileActions
@testable import IntelligenceActions
@testable import LanguageActions
@testable import LocationActions
@testable import MediaActions
@testable import PersonalDataActions
@testable import ScriptActions
@testable import WebActions

/// The one catalog the families' entries make: every action once, each with its section of the
/// action library and a description.
struct CatalogTests {
    /// What the families define, as their `all` lists: the catalog holds exactly these, once each.
    static let defined: [ActionDefinition] =
        TextActions.all + NumberActions.all + ListActions.all + DictionaryActions.all + EncodingActions.all
        + DateActions.all + WebActions.all + SafariAppActions.all + InteractionActions.all + DeviceActions.all + FileActions.all
        + FinderAppActions.all
        + ScriptActions.all
        + AutomatorActions.all + ContentActions.all + ScriptingActions.all + WebServiceActions.all + PodcastActions.all
        + PodcastsAppActions.all
        + MediaLibraryActions.all + LocationActions.all + WeatherActions.all + WeatherAppActions.all + DesktopAppActions.all
        + MailActions.all + MailAppActions.all
        + ImageActions.all + ImageDetailActions.all + GIFActions.all + TextOverlay.all + TextRecognition.all + PDFActions.all
        + PhotoLibrary.all + MusicLibrary.all + LanguageActions.all + SSHActions.all + ArchiveActions.all + CodeActions.all
        + PowerActions.all + NetworkActions.all + MediaControlActions.all + DesktopOpenActions.all + FinderDesktopActions.all
        + SettingsPaneActions.all + PodcastsPlayback.all + AccessibilityToggles.all + CalculatorApp.all
        + VoiceMemosAppActions.all + AccountActions.all + PhotosAppActions.all + PreviewAppActions.all + WindowActions.all
        + SettingsChangeActions.all
        + PortalActions.all
        + CurrentLocation.all + DesktopSettingsActions.all + ClockActions.all + ClockAppActions.all + CalendarActions.all
        + ReminderActions.all
        + RemindersAppActions.all
        + CalendarAppActions.all
        + ContactActions.all + NoteActions.all + NotesAppActions.all + SoundActions.all + DiskActions.all + RichTextActions.all
        + PlaylistActions.all
        + MediaEncodingActions.all + PDFOptimizing.all + WordNet.all + DiskImageActions.all + PrintActions.all
        + TranslateActions.all + SpeechRecognition.all + DictationActions.all + CameraActions.all + [UseModel.definition]
        + WritingTools.all + AppKitWritingTools.all
        + BookmarkServices.all + DropboxActions.all + TrelloActions.all + PublishingServices.all

    @Test func theCatalogHoldsEveryFamilysActionsOnce() {
        let identifiers = Builtins.entries.map(\.identifier)
        #expect(Builtins.firstDuplicate(in: Builtins.entries) == nil)
        #expect(Set(identifiers) == Set(Self.defined.map(\.metadata.identifier)))
        #expect(identifiers.count == Set(Self.defined.map(\.metadata.identifier)).count)
        #expect(Builtins.catalog.allMetadata.count == identifiers.count)
    }

    /// A run makes only the groups its actions are in, found through `groupOfIdentifier`, a
    /// table written from the families' groups themselves.
    @Test func theTableOfGroupsIsCurrent() throws {
        var expected: [String: Int] = [:]
        for (number, group) in Builtins.groups.enumerated() {
            for entry in group() { expected[entry.identifier] = number }
        }
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/BuiltinActions/BuiltinIndex.swift")
        if ProcessInfo.processInfo.environment["SHORTCUTS_RECORD_BUILTIN_INDEX"] == "1" {
            let lines = expected.sorted { $0.key < $1.key }.map { "        \"\($0.key)\": \($0.value)," }
            let text = """
                // DO NOT EDIT. Written from the families' catalogs by
                // `SHORTCUTS_RECORD_BUILTIN_INDEX=1 swift test --filter CatalogTests`; CatalogTests checks it is current.

                extension Builtins {
                    /// The group (a position in ``groups``) each built-in action is in.
                    static let groupOfIdentifier: [String: Int] = [
                \(lines.joined(separator: "\n"))
                    ]
                }

                """
            try Data(text.utf8).write(to: file, options: .atomic)
        }
        #expect(
            Builtins.groupOfIdentifier == expected,
            "Sources/BuiltinActions/BuiltinIndex.swift is out of date: run SHORTCUTS_RECORD_BUILTIN_INDEX=1 swift test --filter CatalogTests"
        )
        for (identifier, _) in expected {
            #expect(Builtins.catalog.definition(for: identifier)?.metadata.identifier == identifier)
        }
        #expect(Builtins.catalog.definition(for: "is.workflow.actions.nosuchaction") == nil)
    }

    @Test func everyActionHasASectionAndADescription() {
        for metadata in Builtins.catalog.allMetadata {
            let category = Builtins.categories[metadata.identifier]
            #expect(category.flatMap(ActionCategory.init(rawValue:)) != nil, "\(metadata.identifier) has no section")
            #expect(!metadata.description.isEmpty, "\(metadata.identifier) has no description")
        }
    }

    @Test func anIdentifierListedTwiceIsFound() {
        let text = TextActions.all[0]
        let entries = [text].listed(under: .documents) + NumberActions.all.listed(under: .scripting) + [text].listed(under: .web)
        #expect(Builtins.firstDuplicate(in: entries) == text.metadata.identifier)
        #expect(Builtins.firstDuplicate(in: NumberActions.all.listed(under: .scripting)) == nil)
    }
}

import Foundation
import ShortcutsTestSupport
import Testing

/// What `shortcuts actions` lists, against Apple's action catalog (`../shared/reference/action-catalog.tsv`):
/// every core action Linux can run, and every feasible action of each Apple app whose actions
/// are here at all, is listed, or is in ``notListedYet`` with the reason, a list that may only shrink.
struct ActionCoverageTests {
    /// Feasible actions not listed yet, and why.
    static let notListedYet: [String: String] = {
        var reasons: [String: String] = [:]
        func add(_ identifiers: [String], _ why: String) { for identifier in identifiers { reasons[identifier] = why } }
        add(
            [
                "com.apple.ShortcutsActions.CellularPlanEntity", "com.apple.ShortcutsActions.SetDataRoamingAction",
                "com.apple.ShortcutsActions.SetDefaultCellularPlanAction", "com.apple.ShortcutsActions.SetVoiceDataModeAction",
                "com.apple.ShortcutsActions.ToggleCellularPlanAction", "is.workflow.actions.cellular.rat.set",
            ], "cellular plans: iOS-only, and their parameter keys are in no dump at hand")
        add(
            ["is.workflow.actions.openpasswords"],
            "it opens Apple's Passwords app at a search; the desktop's password managers (Seahorse, KeePassXC, KWallet) take no search from outside"
        )
        add(
            ["is.workflow.actions.properties.appearance"],
            "the details Apple's Appearance content has are named in no dump at hand; Set Appearance reads and sets the desktop's")
        add(["is.workflow.actions.streetview.image"], "needs a Street View API key and its terms")
        add(
            ["properties.stock", "stocks.quote"].map { "is.workflow.actions." + $0 },
            "Stocks' quotes come from Apple's own service, and their parameter keys are in no dump at hand")
        add(
            ["com.apple.mobileslideshow.CropIntent", "com.apple.mobileslideshow.StraightenIntent"],
            "they open Photos' crop and straighten tools on the photo being edited, by hand; Crop Image and Rotate Image crop and turn by numbers"
        )
        add(
            ["com.apple.mobileslideshow.SetApertureIntent"],
            "aperture changes a Portrait photo's depth of field, which needs the depth map only Apple's cameras record")
        add(
            ["com.apple.mobileslideshow.OpenCollectionIntent", "com.apple.mobileslideshow.OpenDestinationIntent"],
            "Photos' collections and views (DestinationAppEnum) are named by values in no dump at hand; Open Album opens an album")
        add(
            ["com.apple.Preview.RevealPageIntent"],
            "it turns Preview's window to a page; a desktop's PDF viewer can't be told which page to show from outside")
        add(
            ["MuteMessageIntent", "RemoveFollowUpIntent", "SetReadLaterIntent", "BlockSenderIntent"].map { "com.apple.mail." + $0 },
            "muted threads, follow-up suggestions, Remind Me and blocked senders are Apple Mail's own state, which a Maildir has no place for"
        )
        add(
            ["com.apple.mail.UndoSendMessageIntent"],
            "mail leaves over SMTP the moment it is sent; there is no delay to undo within")
        add(["com.apple.reminders.DeleteRemindersListGroupsAppIntent"], "groups of lists have no counterpart in the list folders yet")
        add(
            ["com.apple.finder.GoToEnclosingFolderIntent", "com.apple.finder.GoToFolderIntent"],
            "they act on the front Finder window or its Go To Folder sheet; FileManager1 gives no window to act on")
        add(
            [
                "ApplicationNotificationsSettings-UpdatableEntity", "DesktopSettingsEntity-UpdatableEntity",
                "WindowsSettingsEntity-UpdatableEntity",
            ]
            .map { "com.apple.systempreferences." + $0 },
            "per-app notification styles, Stage Manager and macOS's document windows have no GNOME or KDE setting of the same meaning")
        add(
            [
                "CheckForUpdatesIntent", "ListOfNetworkServersIntent", "ScreenSaverNameIntent", "SharingSettingsIntents.SharingIntents",
                "ShowLargeClockIntent", "VPNConfigurationEntity-UpdatableEntity",
            ].map { "com.apple.systempreferences." + $0 },
            "not built yet: PackageKit's updates, Avahi's servers, the screen saver, sharing, the lock screen's clock and VPN on demand")
        add(
            ["CreateNewTab", "CreateNewTabGroup"].flatMap { ["com.apple.Safari." + $0, "com.apple.mobilesafari." + $0] },
            "a browser's tabs and tab groups can't be driven from outside it on Linux")
        add(
            ["com.apple.DocumentsApp.NavigateQuickLookIntent"],
            "it steps through the Files app's Quick Look previews, which have no counterpart in a desktop's viewers")
        add(["com.apple.DocumentsApp.ScanDocument"], "scanning (SANE, or the camera through the portal): not built yet")
        add(
            ["com.apple.podcasts.OpenChannelAppIntent"],
            "channels are Apple Podcasts' own collections of shows, which no feed or directory entry names")
        add(
            ["com.apple.UniversalAccess.UASettingsShortcuts.UAToggleFullKeyboardAccessIntent"],
            "keyboard navigation is always on in GTK and Qt; there is nothing to turn")
        add(
            [
                "com.apple.UniversalAccess.AXSettingsShortcuts.AXToggleBackgroundSoundsIntent",
                "com.apple.UniversalAccess.UASettingsShortcuts.UASetBackgroundSoundIntent",
                "com.apple.UniversalAccess.UASettingsShortcuts.UASetBackgroundSoundsTimerIntent",
                "com.apple.UniversalAccess.UASettingsShortcuts.UASetBackgroundSoundsVolumeIntent",
                "com.apple.UniversalAccess.UASettingsShortcuts.UAToggleBackgroundSoundsIntent",
            ], "background sounds (generated noise played through PipeWire): not built yet")
        add(["com.apple.AccessibilityUtilities.AXSettingsShortcuts.AXSetLargeTextIntent"], "its parameter keys are in no dump at hand")
        add(["com.apple.weather.WeatherIntent"], "its parameter keys are in no dump at hand (Get Current Weather does the same)")
        add(
            ["com.apple.VoiceMemos.ChangeRecordingPlaybackSetting"],
            "Enhance Recording, Skip Silence and Studio Voice are Voice Memos' own processing, which no Linux player has")
        add(
            ["com.apple.Notes.CloseNoteLinkAction"],
            "it closes a note's window in Notes; a note here is a file this program shows no window of")
        add(
            ["com.apple.Notes.OpenTopLevelFolderLinkAction"],
            "its views (Call Notes, Math Notes, Quick Notes, Shared with You) have no counterpart in a folder of Markdown notes")
        return reasons
    }()

    struct Row {
        var identifier: String
        var feasibility: String
        var tier: String
    }

    static func catalog() throws -> [Row] {
        let path = SharedCorpus.root.appendingPathComponent("../reference/action-catalog.tsv").standardizedFileURL.path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        let column = { (name: String) in try #require(header.firstIndex(of: name), "the catalog has no column \(name)") }
        let (identifier, feasibility, tier) = (try column("identifier"), try column("feasibility"), try column("tier"))
        return lines.dropFirst().filter { $0.count == header.count }.map {
            Row(identifier: $0[identifier], feasibility: $0[feasibility], tier: $0[tier])
        }
    }

    /// An identifier's app, its bundle's first three parts: `com.apple.reminders` of
    /// `com.apple.reminders.TTRCreateReminderAppIntent`, `com.apple.systempreferences` of
    /// `com.apple.systempreferences.SharingSettingsIntents.OpenSharingDeepLinks`.
    static func appPrefix(_ identifier: String) -> String { identifier.split(separator: ".").prefix(3).joined(separator: ".") }

    @Test func everyFeasibleActionIsListedOrSaysWhyNot() throws {
        let rows = try Self.catalog()
        #expect(rows.count > 1000, "the catalog at ../shared/reference has \(rows.count) rows")
        let listing = try CommandRunner().run(["actions", "--json"])
        #expect(listing.status == 0, "\(listing.error)")
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [[String: Any]])
        let listed = Set(actions.compactMap { $0["identifier"] as? String })
        let apps = Set(actions.filter { $0["app"] != nil }.compactMap { ($0["identifier"] as? String).map(Self.appPrefix) })
        #expect(apps.isSuperset(of: ["com.apple.reminders", "com.apple.mobilecal", "com.apple.iCal"]), "\(apps.sorted())")
        let wanted = rows.filter { row in
            row.feasibility != "not-feasible"
                && (row.tier == "core" || (row.tier == "app-intent" && apps.contains(Self.appPrefix(row.identifier))))
        }
        let missing = Set(wanted.map(\.identifier)).subtracting(listed)
        let unexplained = missing.subtracting(Self.notListedYet.keys)
        #expect(unexplained.isEmpty, "feasible, not listed, and not in notListedYet: \(unexplained.sorted())")
        let nowListed = Set(Self.notListedYet.keys).subtracting(missing)
        #expect(nowListed.isEmpty, "listed (or no longer feasible) now, so take them out of notListedYet: \(nowListed.sorted())")
        // Every action of an Apple app says which app it is.
        for action in actions {
            guard let identifier = action["identifier"] as? String, apps.contains(Self.appPrefix(identifier)) else { continue }
            #expect(action["app"] != nil, "\(identifier) doesn't name its app")
        }
    }
}

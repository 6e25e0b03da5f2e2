import DesktopBus
import Foundation
import ShortcutsDesktop
import ShortcutsLibrary
import Synchronization

/// The menu bar's menu, as macOS's Shortcuts menu extra shows it: the shortcuts pinned in the
/// menu bar (`WFWorkflowTypes` `MenuBar`) at the top and by folder, a running one marked,
/// then Stop and Open Shortcuts. The tray shows it through ``StatusNotifierItemObject`` and
/// ``DBusMenuObject``; it is rebuilt when a shortcut file, the settings or the runs change.
final class MenuBar: Sendable {
    /// One entry of the menu.
    struct Item: Sendable, Equatable {
        enum Action: Sendable, Equatable {
            case run(identifier: String)
            case openApp
            case stopRuns
            case none
        }

        var id: Int32
        var label: String
        var action: Action = .none
        var isEnabled = true
        var isSeparator = false
        var children: [Int32] = []

        /// Its dbusmenu properties.
        var properties: [(String, DBusValue)] {
            if isSeparator { return [("type", .string("separator"))] }
            var properties: [(String, DBusValue)] = [("label", .string(label)), ("enabled", .bool(isEnabled))]
            if !children.isEmpty { properties.append(("children-display", .string("submenu"))) }
            return properties
        }
    }

    struct Layout: Sendable, Equatable {
        var revision: UInt32 = 0
        var items: [Int32: Item] = [0: Item(id: 0, label: "")]
        /// How many shortcuts are pinned: the item is passive (hidden by most trays) with none.
        var pinned = 0
        var running = 0
    }

    private let service: EventsService
    private let state = Mutex<(fingerprint: [String], layout: Layout)>(([], Layout()))

    init(service: EventsService) {
        self.service = service
    }

    var layout: Layout { state.withLock { $0.layout } }

    /// Builds the menu again if something it shows changed; returns whether it did (the revision
    /// then moved on, and the tray must be told).
    @discardableResult
    func refresh() -> Bool {
        let runs = service.listRuns().map(\.shortcut).sorted()
        let fingerprint = service.libraryFingerprint() + ["runs:"] + runs
        if state.withLock({ $0.fingerprint == fingerprint }) { return false }
        var layout = Self.build(service.library, running: Set(runs))
        service.hasPinnedShortcuts.store(layout.pinned > 0, ordering: .releasing)
        return state.withLock { current in
            guard current.fingerprint != fingerprint else { return false }
            let changed = layout.items != current.layout.items
            layout.revision = current.layout.revision + (changed ? 1 : 0)
            current = (fingerprint, layout)
            return changed
        }
    }

    private static func build(_ library: ShortcutLibrary, running: Set<String>) -> Layout {
        let pinned = ((try? library.summaries()) ?? []).filter { $0.types.contains("MenuBar") }
        var layout = Layout(pinned: pinned.count, running: running.count)
        var next: Int32 = 1
        func add(_ item: Item, under parent: Int32) {
            var item = item
            item.id = next
            next += 1
            layout.items[item.id] = item
            layout.items[parent]?.children.append(item.id)
        }
        func shortcut(_ summary: ShortcutSummary) -> Item {
            let isRunning = running.contains(summary.entry.name)
            return Item(
                id: 0, label: summary.entry.name + (isRunning ? " — Running" : ""), action: .run(identifier: summary.entry.identifier))
        }
        for summary in pinned where summary.entry.folder == nil { add(shortcut(summary), under: 0) }
        let folders = Dictionary(grouping: pinned.filter { $0.entry.folder != nil }, by: { $0.entry.folder! })
        for folder in folders.keys.sorted(by: { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }) {
            let folderID = next
            add(Item(id: 0, label: folder), under: 0)
            for summary in folders[folder]! { add(shortcut(summary), under: folderID) }
        }
        add(Item(id: 0, label: "", isSeparator: true), under: 0)
        add(
            Item(id: 0, label: running.isEmpty ? "Stop" : "Stop \(running.count) Running", action: .stopRuns, isEnabled: !running.isEmpty),
            under: 0)
        add(Item(id: 0, label: "Open Shortcuts", action: .openApp), under: 0)
        return layout
    }

    /// What clicking an item does.
    func activate(_ id: Int32, client: ClientIdentity) throws(ServiceError) {
        guard let item = layout.items[id] else { throw ServiceError(.notFound, "the menu has no item \(id) (any more)") }
        switch item.action {
        case .run(let identifier):
            service.runInBackground(.shortcut(identifier: identifier), title: item.label, client: client, trigger: "Menu bar")
        case .openApp:
            _ = try service.openAppInBrowser()
        case .stopRuns:
            service.cancelAll()
        case .none:
            break
        }
    }
}

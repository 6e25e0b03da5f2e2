import AppActions
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary
import ShortcutsRPC

/// One tool: what it runs and how it is described to the client.
struct Tool: Sendable {
    enum Target: Sendable {
        /// A shortcut in the library.
        case shortcut(ShortcutLocation)
        /// One action; `app` is set for an app's action.
        case action(ActionMetadata, app: AppManifest?)
        /// A question to the run history.
        case history(HistoryTool)
        /// What a phrase or search names.
        case find
        /// A shortcut written from a description.
        case describe
        /// A shortcut file or link added to the library.
        case importShortcut
    }

    var name: String
    var target: Target
    /// The entry in `tools/list`.
    var definition: JSONValue
}

/// The tools on offer, by name, with the `tools/list` pages already encoded so listing costs
/// one write.
///
/// A page holds `pageSize` tools; each but the last names the next with `nextCursor`, an opaque
/// text made of the list's fingerprint and the page's number, so a cursor from a list that has
/// since changed is refused (list again) rather than giving a page of another list.
struct ToolCatalog: Sendable {
    let tools: [Tool]
    private let indexByName: [String: Int]
    /// Each page's `{"tools":[…],"nextCursor":"…"}` as JSON text.
    let pages: [String]
    /// What the whole list is, so a change is seen by comparing two.
    let fingerprint: String

    init(tools: [Tool], pageSize: Int = 100) {
        self.tools = tools
        var index: [String: Int] = [:]
        for (position, tool) in tools.enumerated() { index[tool.name] = position }
        indexByName = index
        let whole = JSONValue.array(tools.map(\.definition)).text
        fingerprint = Self.fingerprint(of: whole)
        let size = pageSize > 0 ? pageSize : max(tools.count, 1)
        let starts = Array(stride(from: 0, to: max(tools.count, 1), by: size))
        pages = starts.enumerated().map { [fingerprint] number, start in
            var page: JSONObject = ["tools": .array(tools[start..<min(start + size, tools.count)].map(\.definition))]
            if number + 1 < starts.count { page["nextCursor"] = .string("\(fingerprint).\(number + 1)") }
            return JSONValue.object(page).text
        }
    }

    /// The page a cursor names (nil: the first); nil when the cursor isn't one of this list's.
    func page(cursor: String?) -> String? {
        guard let cursor else { return pages[0] }
        let parts = cursor.split(separator: ".")
        guard parts.count == 2, parts[0] == fingerprint, let number = Int(parts[1]), pages.indices.contains(number) else { return nil }
        return pages[number]
    }

    /// 64-bit FNV-1a of the text, in hex: enough to tell one list from the next.
    private static func fingerprint(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// The tool with a name.
    func tool(named name: String) -> Tool? { indexByName[name].map { tools[$0] } }

    /// Builds the catalog from the library and the action sources, as the selection allows.
    ///
    /// - Parameters:
    ///   - builtins: the built-in actions' metadata (the engine's own and `Builtins.catalog`'s).
    ///   - engine: looks up the actions a shortcut uses, to say whether it is read-only.
    static func build(
        library: ShortcutLibrary, builtins: [ActionMetadata], apps: AppActionSource, engine: Engine, selection: ToolSelection,
        pageSize: Int = 100
    ) -> ToolCatalog {
        var originals: [String] = []
        var seen: Set<String> = []
        var pending: [(target: Tool.Target, definition: (String) -> JSONValue)] = []

        if selection.includesShortcuts {
            let locations = library.locations().sorted { $0.relativePath < $1.relativePath }
            for location in locations where selection.allows(ToolNames.shortcutPrefix + location.name, location.name) {
                let workflow = try? library.workflow(at: location)
                originals.append(ToolNames.shortcutPrefix + location.name)
                pending.append((.shortcut(location), { describeShortcut(location, workflow: workflow, engine: engine, name: $0) }))
            }
        }
        if selection.includesShortcuts {
            for tool in HistoryTool.allCases where selection.allows(tool.rawValue) {
                originals.append(tool.rawValue)
                pending.append((.history(tool), { tool.definition(name: $0) }))
            }
            if selection.allows(FindTool.name) {
                originals.append(FindTool.name)
                pending.append((.find, { FindTool.definition(name: $0) }))
            }
            if selection.allows(DescribeTool.name) {
                originals.append(DescribeTool.name)
                pending.append((.describe, { DescribeTool.definition(name: $0) }))
            }
            if selection.allows(ImportTool.name) {
                originals.append(ImportTool.name)
                pending.append((.importShortcut, { ImportTool.definition(name: $0) }))
            }
        }
        var actions: [(ActionMetadata, AppManifest?)] = []
        if selection.includesBuiltins { actions += builtins.map { ($0, nil) } }
        for manifest in apps.manifests where selection.includesApp(manifest.bundleIdentifier) {
            actions += manifest.actions.sorted { $0.identifier < $1.identifier }.map { ($0, manifest) }
        }
        for (action, app) in actions where InputSchema.canExpose(action) {
            guard seen.insert(action.identifier).inserted else { continue }
            let name = ToolNames.clean(action.identifier)
            guard selection.allows(action.identifier, name) else { continue }
            originals.append(action.identifier)
            pending.append((.action(action, app: app), { describeAction(action, app: app, name: $0) }))
        }

        let names = ToolNames.assign(originals)
        let tools = zip(names, pending).map { name, entry in
            Tool(name: name, target: entry.target, definition: entry.definition(name))
        }
        return ToolCatalog(tools: tools, pageSize: pageSize)
    }

    // MARK: Descriptions

    private static func describeShortcut(_ location: ShortcutLocation, workflow: Workflow?, engine: Engine, name: String) -> JSONValue {
        var sentences = ["Runs the shortcut “\(location.name)” from the library" + (location.folder.map { " (folder \($0))" } ?? "") + "."]
        var isReadOnly = false
        if let workflow {
            let titles = workflow.actions.compactMap { engine.metadata(for: $0.identifier)?.title }
            sentences.append(workflow.acceptsInput ? "It takes input (text or files)." : "It doesn't use input.")
            if !titles.isEmpty {
                var unique: [String] = []
                for title in titles where !unique.contains(title) { unique.append(title) }
                sentences.append("Actions: " + unique.prefix(12).joined(separator: ", ") + (unique.count > 12 ? ", …" : "") + ".")
            }
            isReadOnly = workflow.actions.allSatisfy { action in
                ControlFlowBlock.identifiers.contains(action.identifier) || engine.metadata(for: action.identifier)?.isReadOnly == true
            }
        } else {
            sentences.append("Its file can't be read right now.")
        }
        return [
            "name": .string(name),
            "title": .string(location.name),
            "description": .string(sentences.joined(separator: " ")),
            "inputSchema": InputSchema.forShortcut,
            "annotations": ["title": .string(location.name), "readOnlyHint": .bool(isReadOnly)],
        ]
    }

    private static func describeAction(_ action: ActionMetadata, app: AppManifest?, name: String) -> JSONValue {
        let title = app.map { "\(action.title) (\($0.name))" } ?? action.title
        var sentences: [String] = []
        if !action.description.isEmpty {
            sentences.append(action.description.hasSuffix(".") ? action.description : action.description + ".")
        }
        if let app {
            sentences.append("An action of the app \(app.name) (\(app.bundleIdentifier)).")
        } else {
            sentences.append("A built-in Shortcuts action (\(action.identifier)).")
        }
        if let output = action.outputType {
            let shown = app?.entities.first { $0.name == output }?.displayName ?? output
            let named = action.outputName.flatMap { $0 == shown ? nil : "\($0) (\(shown))" } ?? shown
            sentences.append("Outputs " + (action.outputIsList == true ? "a list of \(shown)." : "\(named)."))
        }
        var enumTitles: [String: [String]] = [:]
        if let app {
            for parameter in action.parameters where parameter.type == .enumeration {
                if let type = app.enums.first(where: { Set($0.cases.map(\.identifier)) == Set(parameter.options) }) {
                    enumTitles[parameter.key] = parameter.options.map { option in
                        type.cases.first { $0.identifier == option }?.title ?? option
                    }
                }
            }
        }
        return [
            "name": .string(name),
            "title": .string(title),
            "description": .string(sentences.joined(separator: " ")),
            "inputSchema": InputSchema.forAction(action, enumTitles: enumTitles),
            "annotations": ["title": .string(title), "readOnlyHint": .bool(action.isReadOnly)],
        ]
    }
}

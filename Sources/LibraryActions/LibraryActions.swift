import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary

/// The actions about the person's own shortcuts: Get My Shortcuts, Get Details of Shortcut,
/// Create / Delete / Rename / Move Shortcut, Create Folder, Get and Set Shortcut Attributes,
/// Open Shortcut, Search in Shortcuts, Search Actions, Change Shortcut Icon and Add Shortcut to
/// Home Screen (a `.desktop` launcher). Changes go through ``ShortcutLibrary``'s transactions.
///
/// A shortcut is content of the type `Shortcut`: shown as its name, with its identifier,
/// folder, action count, icon and attributes as properties.
public enum LibraryActions {
    /// The actions over `library`; `actions` lists every action there is, for Search Actions.
    public static func catalog(
        _ library: ShortcutLibrary, actions: @escaping @Sendable () -> [ActionMetadata] = { [] }
    ) -> ActionCatalog {
        let context = Context(library: library, actions: actions)
        return ActionCatalog(
            [
                getMyShortcuts(context), detailsOfShortcut(context), createShortcut(context), deleteShortcuts(context),
                renameShortcut(context), moveShortcut(context), createFolder(context), getAttributes(context),
                setAttributes(context), openShortcut(context, identifier: "com.apple.shortcuts.OpenWorkflowAction", key: "target"),
                openShortcut(context, identifier: "is.workflow.actions.openworkflow", key: "workflow"), searchShortcuts(context),
                searchActions(context), changeIcon(context), addToHomeScreen(context), openFolder(context), openSettings(context),
            ])
    }

    /// Every library action's metadata, for listings that have no library at hand.
    public static let allMetadata = catalog(ShortcutLibrary(home: "/nonexistent")).allMetadata

    struct Context: Sendable {
        let library: ShortcutLibrary
        let actions: @Sendable () -> [ActionMetadata]

        /// A library failure as an action failure naming the parameter.
        func attempt<T>(_ parameter: String?, _ body: () throws(LibraryError) -> T) throws -> T {
            do {
                return try body()
            } catch {
                throw ActionFailure(error.message, parameter: parameter, underlying: error)
            }
        }

        /// The shortcuts content names: Shortcut items, `{workflowIdentifier, workflowName}`
        /// records, or names and identifiers as text.
        func shortcuts(in content: Content, parameter: String) throws -> [ShortcutLocation] {
            try content.items.map { item in
                let key: String
                switch item {
                case .entity(let entity) where entity.typeName == "Shortcut": key = entity.identifier
                case .dictionary(let record):
                    key = (record["workflowIdentifier"] ?? record["workflowName"] ?? record["identifier"] ?? .nothing).text
                default: key = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                guard !key.isEmpty else { throw ActionFailure("no shortcut is given", parameter: parameter) }
                guard let location = try attempt(parameter, { () throws(LibraryError) in try library.find(key) }) else {
                    throw ActionFailure("there is no shortcut named \"\(key.prefix(80))\" in the library", parameter: parameter)
                }
                return location
            }
        }

        func one(_ content: Content, parameter: String) throws -> ShortcutLocation {
            guard let first = try shortcuts(in: content, parameter: parameter).first else {
                throw ActionFailure("no shortcut is given", parameter: parameter)
            }
            return first
        }

        /// A shortcut as content.
        func item(_ location: ShortcutLocation) throws -> Content {
            let identifier = try attempt(nil) { () throws(LibraryError) in try library.identifier(of: location) }
            let workflow = try? library.workflow(at: location)
            var properties = ContentDictionary()
            properties["Name"] = .text(location.name)
            properties["Folder"] = .text(location.folder ?? "")
            properties["Identifier"] = .text(identifier)
            properties["Action Count"] = .number(Double(workflow?.actions.count ?? 0))
            properties["Icon Color"] = workflow?.iconColor.map { .number(Double($0)) } ?? .nothing
            properties["Icon Glyph"] = workflow?.iconGlyph.map { .number(Double($0)) } ?? .nothing
            properties["Accepts Input"] = .boolean(workflow?.acceptsInput ?? false)
            properties["Attributes"] = .list(
                ShortcutAttribute.allCases.filter { workflow.map($0.isOn) ?? false }.map { .text($0.rawValue) })
            properties["File Path"] = .text(location.path)
            return .entity(
                EntityContent(
                    typeName: "Shortcut", identifier: identifier, displayTitle: location.name, subtitle: location.folder,
                    properties: properties))
        }

        /// The library folder a parameter names: `nil` for none (All Shortcuts).
        func folder(_ content: Content) -> String? {
            let name = (content.dictionary?["name"] ?? content.dictionary?["identifier"] ?? content).text
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return name.isEmpty || name == "All Shortcuts" ? nil : name
        }
    }

    // MARK: Finding

    static func getMyShortcuts(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "is.workflow.actions.getmyworkflows", title: "Get My Shortcuts",
                description: "Outputs the shortcuts in your library, or those in one folder.",
                parameters: [ParameterMetadata(key: "Folder", title: "Folder", type: .text)],
                outputType: "Shortcut", outputName: "My Shortcuts", keywords: ["workflows", "library", "list"])
        ) { parameters in
            let folder = parameters["Folder"]
            return { _, run in
                let wanted = context.folder(try run.content(folder))
                let entries = try context.attempt("Folder") { () throws(LibraryError) in try context.library.entries() }
                if let wanted, !context.library.folders().contains(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) {
                    throw ActionFailure("there is no folder named \"\(wanted.prefix(80))\" in the library", parameter: "Folder")
                }
                return Content(
                    items: try entries.filter { entry in
                        wanted.map { entry.folder?.caseInsensitiveCompare($0) == .orderedSame } ?? true
                    }.map { try context.item($0.location) })
            }
        }
    }

    static let detailNames = [
        "Name", "Folder", "Identifier", "Action Count", "Icon Color", "Icon Glyph", "Accepts Input", "Attributes", "File Path",
    ]

    static func detailsOfShortcut(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "is.workflow.actions.properties.workflow", title: "Get Details of Shortcut",
                description: "Outputs a detail of each shortcut in the input.",
                parameters: [
                    ParameterMetadata(key: "WFInput", title: "Shortcut", type: .content, isRequired: true),
                    ParameterMetadata(
                        key: "WFContentItemPropertyName", title: "Detail", type: .enumeration, options: detailNames, defaultValue: "Name"),
                ],
                inputParameter: "WFInput", outputType: "Content", outputName: "Details of Shortcut", keywords: ["property"])
        ) { parameters in
            let nameExpression = parameters["WFContentItemPropertyName"]
            return { input, run in
                let name = try run.text(nameExpression) ?? "Name"
                guard detailNames.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                    throw ActionFailure(
                        "\"\(name.prefix(40))\" is not a detail of a shortcut; it has \(detailNames.joined(separator: ", "))",
                        parameter: "WFContentItemPropertyName")
                }
                return Content(items: try context.shortcuts(in: input, parameter: "WFInput").map { try context.item($0).property(name) })
            }
        }
    }

    static func searchShortcuts(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.SearchShortcutsAction", title: "Search in Shortcuts",
                description: "Outputs the shortcuts whose name contains the phrase (ignoring case and accents), in a folder or all.",
                parameters: [
                    ParameterMetadata(key: "searchPhrase", title: "Search", type: .text, isRequired: true),
                    ParameterMetadata(key: "folder", title: "Folder", type: .text),
                ],
                inputParameter: "searchPhrase", outputType: "Shortcut", outputName: "Shortcuts", keywords: ["find"])
        ) { parameters in
            let phrase = parameters["searchPhrase"]
            let folder = parameters["folder"]
            return { _, run in
                let wanted = (try run.text(phrase) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let inFolder = context.folder(try run.content(folder))
                let entries = try context.attempt("searchPhrase") { () throws(LibraryError) in try context.library.entries() }
                let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
                return Content(
                    items: try entries.filter { entry in
                        (wanted.isEmpty || entry.name.range(of: wanted, options: options) != nil)
                            && (inFolder.map { entry.folder?.caseInsensitiveCompare($0) == .orderedSame } ?? true)
                    }.map { try context.item($0.location) })
            }
        }
    }

    static func searchActions(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.SearchActionDrawerAction", title: "Search Actions",
                description: "Outputs the actions whose title, identifier or keywords match the query, as shortcuts actions lists them.",
                parameters: [ParameterMetadata(key: "query", title: "Search", type: .text, isRequired: true)],
                inputParameter: "query", outputType: "Action", outputName: "Actions", keywords: ["find action", "drawer"])
        ) { parameters in
            let query = parameters["query"]
            return { _, run in
                let wanted = (try run.text(query) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                guard !wanted.isEmpty else { throw ActionFailure("no search is given", parameter: "query") }
                let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
                let found = context.actions().filter { action in
                    ([action.title, action.identifier] + action.keywords).contains { $0.range(of: wanted, options: options) != nil }
                }
                return Content(
                    items: found.map { action in
                        .entity(
                            EntityContent(
                                typeName: "Action", identifier: action.identifier, displayTitle: action.title, subtitle: action.description,
                                properties: [
                                    "Name": .text(action.title), "Identifier": .text(action.identifier),
                                    "Description": .text(action.description),
                                ]))
                    })
            }
        }
    }

    // MARK: Changing the library

    static func createShortcut(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.CreateWorkflowAction", title: "Create Shortcut",
                description: "Makes a new, empty shortcut in your library. A name another shortcut has is refused.",
                parameters: [
                    ParameterMetadata(key: "name", title: "Name", type: .text, isRequired: true),
                    ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false"),
                ],
                outputType: "Shortcut", outputName: "Shortcut", isReadOnly: false, keywords: ["new", "make"])
        ) { parameters in
            let name = parameters["name"]
            return { _, run in
                let text = (try run.text(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let entry = try context.attempt("name") { () throws(LibraryError) in try context.library.create(named: text) }
                return try context.item(entry.location)
            }
        }
    }

    static func deleteShortcuts(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.DeleteWorkflowAction", title: "Delete Shortcuts",
                description:
                    "Moves shortcuts to Recently Deleted in your library ($SHORTCUTS_HOME/Recently Deleted), from where you can put them back.",
                parameters: [ParameterMetadata(key: "entities", title: "Shortcuts", type: .content, isRequired: true, isList: true)],
                inputParameter: "entities", isReadOnly: false, keywords: ["remove", "trash"])
        ) { _ in
            { input, run in
                for location in try context.shortcuts(in: input, parameter: "entities") {
                    try context.attempt("entities") { () throws(LibraryError) in try context.library.delete(location) }
                }
                return .nothing
            }
        }
    }

    static func renameShortcut(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.RenameShortcutAction", title: "Rename Shortcut",
                description: "Gives a shortcut a new name; a name another shortcut has is refused. Its identifier stays.",
                parameters: [
                    ParameterMetadata(key: "shortcut", title: "Shortcut", type: .content, isRequired: true),
                    ParameterMetadata(key: "name", title: "Name", type: .text, isRequired: true),
                ],
                inputParameter: "shortcut", outputType: "Shortcut", outputName: "Renamed Shortcut", isReadOnly: false)
        ) { parameters in
            let name = parameters["name"]
            return { input, run in
                let location = try context.one(input, parameter: "shortcut")
                let newName = (try run.text(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let entry = try context.attempt("name") { () throws(LibraryError) in try context.library.move(location, name: newName) }
                return try context.item(entry.location)
            }
        }
    }

    static func moveShortcut(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.MoveShortcutToFolderAction", title: "Move Shortcut",
                description: "Moves shortcuts into a folder of your library (All Shortcuts for none); the folder is made when missing.",
                parameters: [
                    ParameterMetadata(key: "shortcuts", title: "Shortcuts", type: .content, isRequired: true, isList: true),
                    ParameterMetadata(key: "folder", title: "Folder", type: .text, isRequired: true),
                ],
                inputParameter: "shortcuts", isReadOnly: false, keywords: ["folder"])
        ) { parameters in
            let folder = parameters["folder"]
            return { input, run in
                let target = context.folder(try run.content(folder))
                for location in try context.shortcuts(in: input, parameter: "shortcuts") {
                    try context.attempt("folder") { () throws(LibraryError) in
                        _ = try context.library.move(location, folder: .some(target ?? ""))
                    }
                }
                return .nothing
            }
        }
    }

    static func createFolder(_ context: Context) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: "com.apple.shortcuts.CreateFolderAction", title: "Create Folder",
                description: "Makes a folder in your library for shortcuts (as Shortcuts' sidebar has them).",
                parameters: [ParameterMetadata(key: "name", title: "Name", type: .text, isRequired: true)],
                outputType: "Folder", outputName: "Folder", isReadOnly: false, keywords: ["group"])
        ) { parameters in
            let name = parameters["name"]
            return { _, run in
                let text = (try run.text(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                try context.attempt("name") { () throws(LibraryError) in try context.library.createFolder(named: text) }
                return .entity(EntityContent(typeName: "Folder", identifier: text, displayTitle: text, properties: ["Name": .text(text)]))
            }
        }
    }
}

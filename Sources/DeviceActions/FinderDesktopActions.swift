import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Finder's own actions that show things (`com.apple.finder.*`), through the desktop's file
/// manager (org.freedesktop.FileManager1) and its handlers: Reveal Items, Go To Location, Get
/// Info, Open Item and Search in Finder. The Finder's actions that change files are
/// FileActions' `FinderAppActions`.
enum FinderDesktopActions {
    static var all: [ActionDefinition] {
        [reveal, goToLocation, getInfo, openItem, search].inApp("Finder") + [
            files(reveal), files(openItem), files(search, title: "Search in Files"), files(searchFile), files(openLocation, keeping: true),
        ]
    }

    /// An action as the iOS Files app's: its identifier's last part under `com.apple.DocumentsApp.`.
    static func files(_ action: ActionDefinition, title: String? = nil, keeping: Bool = false) -> ActionDefinition {
        var definition = action
        let name = action.metadata.identifier.split(separator: ".").last.map(String.init) ?? action.metadata.identifier
        if !keeping { definition.metadata.identifier = "com.apple.DocumentsApp." + name }
        if let title { definition.metadata.title = title }
        definition.metadata.app = "Files"
        return definition
    }

    /// The `file://` URIs of the files and folders a parameter names, each existing and readable by the run.
    static func uris(_ given: Content, parameter: String, run: RunContext) throws -> [String] {
        let uris = try given.items.map { item in
            guard let path = LocalFiles.path(of: item, run: run) else {
                throw ActionFailure("expected a file or folder, got \(item.quotedForError)", parameter: parameter)
            }
            guard LocalFiles.exists(path).exists else { throw ActionFailure("there is no file at \(path)", parameter: parameter) }
            try LocalFiles.check(path, .read, run: run, parameter: parameter)
            return URL(fileURLWithPath: path).absoluteString
        }
        guard !uris.isEmpty else { throw ActionFailure("no file or folder was given", parameter: parameter) }
        return uris
    }

    static let reveal = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.RevealItemsIntent", title: "Reveal Items",
            description: "Shows the items selected in the desktop's file manager (FileManager1's ShowItems); the output is the items.",
            parameters: [
                ParameterMetadata(key: "targets", title: "Items", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "openInNewWindow", title: "Open in New Window", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "targets", outputType: "File", outputName: "Items", isReadOnly: false, keywords: ["show", "file manager"]
        ).needing(.fileManager)
    ) { parameters in
        { input, run in
            let given = parameters["targets"].isAbsent ? input : try run.content(parameters["targets"])
            let manager = try ServiceClient(.fileManager, for: run)
            try manager.showInFileManager(try uris(given, parameter: "targets", run: run), method: "ShowItems")
            return given
        }
    }

    static let goToLocation = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.GoToLocationIntent", title: "Go To Location",
            description: "Opens a folder in the desktop's file manager (FileManager1's ShowFolders); the output is the folder.",
            parameters: [ParameterMetadata(key: "location", title: "Location", type: .file, isRequired: true)],
            inputParameter: "location", outputType: "File", outputName: "Location", isReadOnly: false, keywords: ["open folder", "browse"]
        ).needing(.fileManager)
    ) { parameters in
        { input, run in
            let manager = try ServiceClient(.fileManager, for: run)
            let given = parameters["location"].isAbsent ? input : try run.content(parameters["location"])
            let found = try uris(given, parameter: "location", run: run)
            for uri in found where !LocalFiles.exists(URL(string: uri)?.path ?? "").isFolder {
                throw ActionFailure("\(URL(string: uri)?.path ?? uri) is not a folder", parameter: "location")
            }
            try manager.showInFileManager(Array(found.prefix(1)), method: "ShowFolders")
            return given
        }
    }

    static let getInfo = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.GetInfoIntent", title: "Get Info",
            description:
                "Shows the items' properties in the desktop's file manager (FileManager1's ShowItemProperties); the output is the items.",
            parameters: [ParameterMetadata(key: "targets", title: "Items", type: .file, isRequired: true, isList: true)],
            inputParameter: "targets", outputType: "File", outputName: "Items", isReadOnly: false, keywords: ["properties", "details"]
        ).needing(.fileManager)
    ) { parameters in
        { input, run in
            let given = parameters["targets"].isAbsent ? input : try run.content(parameters["targets"])
            let manager = try ServiceClient(.fileManager, for: run)
            try manager.showInFileManager(try uris(given, parameter: "targets", run: run), method: "ShowItemProperties")
            return given
        }
    }

    static let openItem = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.finder.OpenItemIntent", title: "Open Item",
            description: "Opens a file with its default app, or a folder in the file manager (xdg-open); the output is the item.",
            parameters: [ParameterMetadata(key: "target", title: "Item", type: .file, isRequired: true)],
            inputParameter: "target", outputType: "File", outputName: "Item", isReadOnly: false, keywords: ["launch", "xdg-open"])
    ) { parameters in
        { input, run in
            let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
            for uri in try uris(given, parameter: "target", run: run) {
                guard let url = URL(string: uri) else { continue }
                try run.environment.openURL(url)
            }
            return given
        }
    }

    static let search = searching("com.apple.finder.SearchInBrowserIntent", title: "Search in Finder", key: "criteria")

    static let searchFile = searching("SearchFile", title: "Search in Files", key: "searchPhrase")

    /// Search in Finder and the Files app's searches: the text in `key`.
    static func searching(_ identifier: String, title: String, key: String) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title,
                description:
                    "Finds the files and folders whose names contain the text, from the file-name index (plocate), as Search does; Apple's shows them in a window, here they are the output.",
                parameters: [ParameterMetadata(key: key, title: "Text", type: .text, isRequired: true)],
                inputParameter: key, outputType: "URL", outputName: "Search Results", keywords: ["find files", "locate"])
        ) { parameters in
            { input, run in
                let query = (try run.text(parameters[key]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !query.isEmpty else { throw ActionFailure("there is nothing to search for", parameter: key) }
                return try DesktopOpenActions.locate(query, run: run)
            }
        }
    }

    static let openLocation = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.DocumentManagerUICore.RecentsAvocadoIntentHandler.DOCOpenLocationIntent", title: "Open Location",
            description: "Opens a folder in the desktop's file manager (FileManager1's ShowFolders).",
            parameters: [
                ParameterMetadata(key: "location", title: "Location", type: .text),
                ParameterMetadata(key: "folder", title: "Folder", type: .file, isRequired: true),
                ParameterMetadata(key: "ShowWhenRun", title: "Show When Run", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "folder", isReadOnly: false, keywords: ["files", "browse"]
        ).needing(.fileManager),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let manager = try ServiceClient(.fileManager, for: run)
            let given = parameters["folder"].isAbsent ? input : try run.content(parameters["folder"])
            let found = try uris(given, parameter: "folder", run: run)
            for uri in found where !LocalFiles.exists(URL(string: uri)?.path ?? "").isFolder {
                throw ActionFailure("\(URL(string: uri)?.path ?? uri) is not a folder", parameter: "folder")
            }
            try manager.showInFileManager(Array(found.prefix(1)), method: "ShowFolders")
            return input
        }
    }
}

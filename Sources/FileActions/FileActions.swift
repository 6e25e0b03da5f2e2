import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Get File, Save File, Append to Text File, Create Folder, Get Contents of Folder, Delete Files
/// and Rename File, on the local file system (see ``LocalFiles`` for how paths resolve).
enum FileActions {
    static let all: [ActionDefinition] =
        [getFile, saveFile, appendFile, createFolder, folderContents, deleteFiles, renameFile]
        + FileItemActions.all + itemActions

    static let folderParameter = ParameterMetadata(
        key: "WFFolder", title: "Folder", description: "Where a relative path starts; the working directory when not set.",
        type: .file)

    /// A path parameter resolved against an optional folder parameter (`WFFolder`, `WFFile`).
    static func path(_ expression: ParameterExpression, in folder: ParameterExpression, run: RunContext) throws -> String? {
        guard let text = try run.text(expression)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            return nil
        }
        if !text.hasPrefix("/"), !text.hasPrefix("~"), let base = LocalFiles.path(of: try run.content(folder), run: run) {
            return LocalFiles.resolve(base + "/" + text, run: run)
        }
        return LocalFiles.resolve(text, run: run)
    }

    static let getFile = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.documentpicker.open", title: "Get File",
            description: "Gets a file or folder by its path. Without a path it asks for one when Show Document Picker is on.",
            parameters: [
                ParameterMetadata(key: "WFFile", title: "Folder", type: .file),
                ParameterMetadata(key: "WFGetFilePath", title: "File Path", description: "e.g. notes/todo.txt or ~/todo.txt", type: .text),
                ParameterMetadata(key: "WFShowFilePicker", title: "Show Document Picker", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFFileErrorIfNotFound", title: "Error If Not Found", type: .boolean, defaultValue: "true"),
            ],
            outputType: "File", outputName: "File", keywords: ["open", "read", "load"])
    ) { parameters in
        let filePath = parameters["WFGetFilePath"]
        let folder = parameters["WFFile"]
        let showPicker = parameters["WFShowFilePicker"]
        let errorIfNotFound = parameters["WFFileErrorIfNotFound"]
        return { _, run in
            var path = try Self.path(filePath, in: folder, run: run)
            if path == nil, try run.bool(showPicker) ?? true {
                let answer = try run.environment.prompter.ask("Choose a file (path)", defaultAnswer: nil, inputType: "Text")
                path = answer.isEmpty ? nil : LocalFiles.resolve(answer, run: run)
                // What the person picks, the shortcut may use.
                if let path { run.environment.fileAccess.allowPicked(path: path) }
            }
            guard let path else { throw ActionFailure("no file path is given", parameter: "WFGetFilePath") }
            try LocalFiles.check(path, .read, run: run, parameter: "WFGetFilePath")
            guard LocalFiles.exists(path).exists else {
                guard try run.bool(errorIfNotFound) ?? true else { return .nothing }
                throw ActionFailure(
                    "there is no file at \(path) (turn off WFFileErrorIfNotFound to get nothing instead)", parameter: "WFGetFilePath")
            }
            return .file(try LocalFiles.item(at: path, run: run, parameter: "WFGetFilePath"))
        }
    }

    static let saveFile = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.documentpicker.save", title: "Save File",
            description:
                "Saves the input to a file. It never replaces an existing file unless Overwrite If File Exists is on. A path ending in / or naming a folder saves inside it under the item's name.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "File", type: .content, isRequired: true),
                ParameterMetadata(key: "WFAskWhereToSave", title: "Ask Where to Save", type: .boolean, defaultValue: "true"),
                folderParameter,
                ParameterMetadata(key: "WFFileDestinationPath", title: "Destination Path", type: .text),
                ParameterMetadata(key: "WFSaveFileOverwrite", title: "Overwrite If File Exists", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Saved File", isReadOnly: false,
            keywords: ["write", "export", "store"])
    ) { parameters in
        let destination = parameters["WFFileDestinationPath"]
        let folder = parameters["WFFolder"]
        let askWhere = parameters["WFAskWhereToSave"]
        let overwrite = parameters["WFSaveFileOverwrite"]
        return { input, run in
            guard !input.isNothing else { throw ActionFailure("there is nothing to save", parameter: "WFInput") }
            var target = try path(destination, in: folder, run: run)
            if target == nil, try run.bool(askWhere) ?? true {
                let answer = try run.environment.prompter.ask("Save to (path)", defaultAnswer: input.file().name, inputType: "Text")
                target = answer.isEmpty ? nil : LocalFiles.resolve(answer, run: run)
                if let target { run.environment.fileAccess.allowPicked(path: target) }
            }
            if target == nil, let base = LocalFiles.path(of: try run.content(folder), run: run) { target = base + "/" }
            guard let target else { throw ActionFailure("no destination path is given", parameter: "WFFileDestinationPath") }
            let rawTarget = try run.text(destination) ?? ""
            let mayOverwrite = try run.bool(overwrite) ?? false
            // A URL saves what it holds (the content graph downloads it).
            let items = try run.convert(input, to: .file, parameter: "WFInput").items
            let intoFolder = rawTarget.hasSuffix("/") || target.hasSuffix("/") || items.count > 1 || LocalFiles.exists(target).isFolder
            let folderPath = intoFolder ? target : URL(fileURLWithPath: target).deletingLastPathComponent().path
            try LocalFiles.createFolder(folderPath, run: run, parameter: "WFFileDestinationPath")
            var saved: [Content] = []
            for item in items {
                guard case .file(var file) = item else { continue }
                let path = intoFolder ? URL(fileURLWithPath: folderPath).appendingPathComponent(file.name).path : target
                try LocalFiles.check(path, .write, run: run, parameter: "WFFileDestinationPath")
                if LocalFiles.exists(path).exists, !mayOverwrite {
                    throw ActionFailure(
                        "\(path) already exists; Save File replaces a file only when WFSaveFileOverwrite (Overwrite If File Exists) is on",
                        parameter: "WFSaveFileOverwrite")
                }
                try LocalFiles.writeAtomically(file.data, to: path, run: run, parameter: "WFFileDestinationPath")
                file.path = path
                file.name = URL(fileURLWithPath: path).lastPathComponent
                saved.append(.file(file))
            }
            return Content(items: saved)
        }
    }

    /// `WFAppendFileWriteMode`.
    enum WriteMode: String, ParameterOption {
        case append = "Append", prepend = "Prepend"
    }

    static let appendFile = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.append", title: "Append to Text File",
            description: "Adds text to the end (or start) of a text file, creating the file when it is missing.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true),
                folderParameter,
                ParameterMetadata(key: "WFFilePath", title: "File Path", type: .text, isRequired: true),
                .option("WFAppendFileWriteMode", title: "Mode", default: WriteMode.append),
                ParameterMetadata(key: "WFAppendOnNewLine", title: "Make New Line", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Appended File", isReadOnly: false,
            keywords: ["prepend", "log", "write"])
    ) { parameters in
        let filePath = parameters["WFFilePath"]
        let folder = parameters["WFFolder"]
        let mode = OptionParameter(parameters, "WFAppendFileWriteMode", default: WriteMode.append)
        let newLine = parameters["WFAppendOnNewLine"]
        return { input, run in
            guard let path = try path(filePath, in: folder, run: run) else {
                throw ActionFailure("no file path is given", parameter: "WFFilePath")
            }
            try LocalFiles.check(path, .write, run: run, parameter: "WFFilePath")
            if LocalFiles.exists(path).isFolder { throw ActionFailure("\(path) is a folder, not a text file", parameter: "WFFilePath") }
            let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let text = input.text
            let separator = (try run.bool(newLine) ?? true) && !existing.isEmpty ? "\n" : ""
            let combined: String
            switch try mode.value(in: run) {
            case .append: combined = existing + (existing.hasSuffix("\n") ? "" : separator) + text
            case .prepend: combined = text + (text.hasSuffix("\n") ? "" : separator) + existing
            }
            try LocalFiles.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path, run: run, parameter: "WFFilePath")
            try LocalFiles.writeAtomically(Data(combined.utf8), to: path, run: run, parameter: "WFFilePath")
            return .file(try LocalFiles.item(at: path, run: run, parameter: "WFFilePath"))
        }
    }
}

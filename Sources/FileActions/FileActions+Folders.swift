import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

extension FileActions {
    static let createFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.createfolder", title: "Create Folder",
            description: "Creates a folder, and any missing folders above it. An existing folder is fine.",
            parameters: [
                folderParameter,
                ParameterMetadata(key: "WFFilePath", title: "Path", type: .text, isRequired: true),
            ],
            outputType: "File", outputName: "Created Folder", isReadOnly: false, keywords: ["mkdir", "directory"])
    ) { parameters in
        let filePath = parameters["WFFilePath"]
        let folder = parameters["WFFolder"]
        return { _, run in
            guard let path = try path(filePath, in: folder, run: run) else {
                throw ActionFailure("no folder path is given", parameter: "WFFilePath")
            }
            try LocalFiles.check(path, .write, doing: "create the folder", run: run, parameter: "WFFilePath")
            try LocalFiles.createFolder(path, run: run, parameter: "WFFilePath")
            return .file(try LocalFiles.item(at: path, run: run, parameter: "WFFilePath"))
        }
    }

    static let folderContents = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.getfoldercontents", title: "Get Contents of Folder",
            description:
                "Gets the files and folders in a folder, sorted by name; hidden files (names starting with a dot) are left out. Recursive lists the files inside subfolders instead of the subfolders.",
            parameters: [
                ParameterMetadata(key: "WFFolder", title: "Folder", type: .file, isRequired: true),
                ParameterMetadata(key: "Recursive", title: "Recursive", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFFolder", outputType: "File", outputName: "Contents of Folder", keywords: ["list", "ls", "directory"])
    ) { parameters in
        let recursive = parameters["Recursive"]
        return { input, run in
            guard let folder = LocalFiles.path(of: input, run: run) else {
                throw ActionFailure("expected a folder, got \(input.isNothing ? "nothing" : input.typeName)", parameter: "WFFolder")
            }
            try LocalFiles.check(folder, .list, run: run, parameter: "WFFolder")
            guard LocalFiles.exists(folder).isFolder else {
                throw ActionFailure("\(folder) is not a folder", parameter: "WFFolder")
            }
            let items = try listing(folder, recursive: try run.bool(recursive) ?? false)
            return .list(try items.map { .file(try LocalFiles.item(at: $0, run: run, parameter: "WFFolder")) })
        }
    }

    /// The visible entries of a folder, sorted by name; with `recursive`, the files of subfolders.
    static func listing(_ folder: String, recursive: Bool) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw ActionFailure("can't list \(folder): \(LocalFiles.describe(error))", parameter: "WFFolder", underlying: error)
        }
        var paths: [String] = []
        for name in names.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if recursive, LocalFiles.exists(path).isFolder {
                paths += try listing(path, recursive: true)
            } else {
                paths.append(path)
            }
        }
        return paths
    }

    static let deleteFiles = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.delete", title: "Delete Files",
            description:
                "Moves the input files to the trash ($XDG_DATA_HOME/Trash), or deletes them at once when Delete Immediately is on.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Files", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFDeleteImmediatelyDelete", title: "Delete Immediately", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["remove", "trash", "rm"])
    ) { parameters in
        let immediately = parameters["WFDeleteImmediatelyDelete"]
        return { input, run in
            let deletesNow = try run.bool(immediately) ?? false
            for item in input.items {
                guard let path = LocalFiles.path(of: item, run: run) else {
                    throw ActionFailure(
                        "can't delete \(item.typeName.lowercased()) \"\(item.text.prefix(60))\": it is not a file on disk",
                        parameter: "WFInput")
                }
                try LocalFiles.check(path, .write, doing: "delete", run: run, parameter: "WFInput")
                guard LocalFiles.exists(path).exists else { throw ActionFailure("there is no file at \(path)", parameter: "WFInput") }
                if deletesNow {
                    do {
                        try FileManager.default.removeItem(atPath: path)
                    } catch {
                        throw ActionFailure("can't delete \(path): \(LocalFiles.describe(error))", parameter: "WFInput", underlying: error)
                    }
                } else {
                    try LocalFiles.moveToTrash(path, run: run)
                }
            }
            return .nothing
        }
    }

    static let renameFile = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.rename", title: "Rename File",
            description:
                "Renames a file or folder on disk. A new name without an extension keeps the old extension; an existing file of that name is never replaced.",
            parameters: [
                ParameterMetadata(key: "WFFile", title: "File", type: .file, isRequired: true),
                ParameterMetadata(key: "WFNewFilename", title: "New Name", type: .text, isRequired: true),
            ],
            inputParameter: "WFFile", outputType: "File", outputName: "Renamed File", isReadOnly: false, keywords: ["mv", "move"])
    ) { parameters in
        let newName = parameters["WFNewFilename"]
        return { input, run in
            guard let path = LocalFiles.path(of: input, run: run) else {
                throw ActionFailure("expected a file on disk, got \(input.isNothing ? "nothing" : input.typeName)", parameter: "WFFile")
            }
            try LocalFiles.check(path, .write, doing: "rename", run: run, parameter: "WFFile")
            guard LocalFiles.exists(path).exists else {
                throw ActionFailure(
                    "expected a file on disk, got \(input.isNothing ? "nothing" : "\"\(input.text.prefix(60))\"")", parameter: "WFFile")
            }
            guard var name = try run.text(newName)?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
                throw ActionFailure("no new name is given", parameter: "WFNewFilename")
            }
            guard !name.contains("/") else { throw ActionFailure("a file name can't contain /: \(name)", parameter: "WFNewFilename") }
            let url = URL(fileURLWithPath: path)
            if !name.contains("."), !url.pathExtension.isEmpty, !LocalFiles.exists(path).isFolder { name += "." + url.pathExtension }
            let target = url.deletingLastPathComponent().appendingPathComponent(name).path
            guard target != path else { return .file(try LocalFiles.item(at: path, run: run, parameter: "WFFile")) }
            guard !LocalFiles.exists(target).exists else {
                throw ActionFailure("can't rename to \(name): \(target) already exists", parameter: "WFNewFilename")
            }
            try ProtectedPaths.check(target, doing: "rename a file to", run: run, parameter: "WFNewFilename")
            do {
                try FileManager.default.moveItem(atPath: path, toPath: target)
            } catch {
                throw ActionFailure("can't rename \(path): \(LocalFiles.describe(error))", parameter: "WFFile", underlying: error)
            }
            // The file under its new name is the one the shortcut was allowed to change.
            run.environment.fileAccess.allowRenamed(path, to: target)
            return .file(try LocalFiles.item(at: target, run: run, parameter: "WFFile"))
        }
    }
}

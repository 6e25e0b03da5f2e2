import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Dropbox's actions through its HTTP API v2 with the person's access token (made in the Dropbox
/// App Console): files go up to `/2/files/upload` and come down from `/2/files/download` on the
/// content host, each call's arguments in its `Dropbox-API-Arg` header as the API documents.
/// There is no file picker here: a path is always given.
enum DropboxActions {
    static let all: [ActionDefinition] = [save, get, append]

    /// The person's Dropbox: the account and an access token for this run.
    struct Account {
        let service: ServiceAccount
        let token: String

        /// A refresh token (with the app's key and secret) is exchanged for an access token, as
        /// Dropbox's own last four hours; else the access token set is used as it is.
        init(_ run: RunContext, parameter: String) throws {
            let howTo =
                "make an app in the Dropbox App Console (dropbox.com/developers/apps) and get a refresh token for it (an access token lasts four hours)"
            if let refresh = run.environment.services["dropbox-refresh-token"], !refresh.isEmpty {
                service = try ServiceAccount(
                    "Dropbox", setting: "dropbox", credentials: ["dropbox-refresh-token", "dropbox-app-key", "dropbox-app-secret"],
                    howTo: howTo, parameter: parameter, run: run)
                var request = HTTPRequest(url: try service.url("/oauth2/token"), method: "POST")
                request.body = ServiceAccount.form([
                    ("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", service["dropbox-app-key"]),
                    ("client_secret", service["dropbox-app-secret"]),
                ])
                request.setHeader("Content-Type", "application/x-www-form-urlencoded")
                token = try service.json(request).property("access_token").text
                guard !token.isEmpty else {
                    throw ActionFailure("Dropbox gave no access token for the refresh token", parameter: parameter)
                }
            } else {
                service = try ServiceAccount(
                    "Dropbox", setting: "dropbox", credentials: ["dropbox-token"], howTo: howTo, parameter: parameter, run: run)
                token = service["dropbox-token"]
            }
        }

        /// A content-host call, its arguments in `Dropbox-API-Arg`: ASCII only, the rest as
        /// JSON's `\\u` escapes of UTF-16 (surrogate pairs past U+FFFF), DEL too, as the API asks.
        func request(_ endpoint: String, arguments: ContentDictionary, body: Data? = nil) throws -> HTTPRequest {
            var request = HTTPRequest(url: try service.url(endpoint, base: "dropbox-content"), method: "POST")
            request.setHeader("Authorization", "Bearer " + token)
            let json = JSONBridge.text(of: .dictionary(arguments))
            request.setHeader(
                "Dropbox-API-Arg", json.utf16.map { $0 < 0x7F ? String(UnicodeScalar(UInt8($0))) : String(format: "\\u%04x", $0) }.joined())
            if let body {
                request.body = body
                request.setHeader("Content-Type", "application/octet-stream")
            }
            return request
        }

        /// Uploads bytes to a path; Dropbox's answer (the file's metadata). A `revision` makes it
        /// an update of that revision only, so a change made meanwhile fails rather than is lost.
        func upload(_ data: Data, to path: String, overwrite: Bool, revision: String? = nil) throws -> Content {
            let mode: Content =
                revision.map { .dictionary([".tag": .text("update"), "update": .text($0)]) } ?? .text(overwrite ? "overwrite" : "add")
            let arguments: ContentDictionary = ["path": .text(path), "mode": mode, "autorename": .boolean(!overwrite && revision == nil)]
            return try service.json(try request("/2/files/upload", arguments: arguments, body: data))
        }

        /// Downloads a file and its revision; `nil` when there is none at the path.
        func download(_ path: String) throws -> (file: FileContent, revision: String)? {
            let request = try request("/2/files/download", arguments: ["path": .text(path)])
            let response = try service.send(request, allowing: [409])
            if response.status == 409 {
                guard String(decoding: response.body, as: UTF8.self).contains("not_found") else {
                    try service.check(response, allowing: []); return nil
                }
                return nil
            }
            let metadata = response.header("Dropbox-API-Result").flatMap(JSONBridge.parse)
            let name = metadata?.property("name").text ?? ""
            return (
                FileContent(name: name.isEmpty ? (path as NSString).lastPathComponent : name, data: response.body),
                metadata?.property("rev").text ?? ""
            )
        }
    }

    /// A Dropbox path: starting with a slash, no `..`.
    static func path(_ text: String?, parameter: String) throws -> String {
        var path = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.isEmpty else { throw ActionFailure("no Dropbox path is given", parameter: parameter) }
        if !path.hasPrefix("/") { path = "/" + path }
        guard !path.split(separator: "/").contains("..") else {
            throw ActionFailure("“\(path.prefix(80))” is not a Dropbox path (no ..)", parameter: parameter)
        }
        return path
    }

    static let save = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.dropbox.savefile", title: "Save Dropbox File",
            description:
                "Uploads files to your Dropbox at the path given (a folder, ending in /, keeps each file's name); a name taken gets a number unless Replace Existing Files is on.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "File", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFAskWhereToSave", title: "Ask Where to Save", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFFileDestinationPath", title: "Destination Path", type: .text, isRequired: true),
                ParameterMetadata(key: "WFSaveFileOverwrite", title: "Replace Existing Files", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Saved Files", isReadOnly: false, keywords: ["upload", "cloud"])
    ) { parameters in
        { input, run in
            let account = try Account(run, parameter: "WFFileDestinationPath")
            let destination = try path(try run.text(parameters["WFFileDestinationPath"]), parameter: "WFFileDestinationPath")
            let overwrite = try run.bool(parameters["WFSaveFileOverwrite"]) ?? false
            let files = try run.convert(input, to: .file, parameter: "WFInput").items.compactMap { item -> FileContent? in
                if case .file(let file) = item { return file }
                return nil
            }
            guard !files.isEmpty else { throw ActionFailure("there is nothing to save", parameter: "WFInput") }
            var saved: [Content] = []
            for file in files {
                let target = destination.hasSuffix("/") || files.count > 1 ? destination.trimmingSuffix("/") + "/" + file.name : destination
                let metadata = try account.upload(file.data, to: target, overwrite: overwrite)
                var result = file
                result.name = metadata.property("name").text.isEmpty ? file.name : metadata.property("name").text
                result.path = nil
                saved.append(.file(result))
            }
            return Content(items: saved)
        }
    }

    static let get = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.dropbox.open", title: "Get Dropbox File",
            description: "Downloads a file from your Dropbox by its path (there is no picker here, so a path is given).",
            parameters: [
                ParameterMetadata(key: "WFShowFilePicker", title: "Show Document Picker", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFGetFilePath", title: "File Path", type: .text, isRequired: true),
                ParameterMetadata(key: "WFFileErrorIfNotFound", title: "Error If Not Found", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "SelectMultiple", title: "Select Multiple", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFGetFileInitialDirectoryPath", title: "Initial Path", type: .text),
            ],
            outputType: "File", outputName: "Dropbox File", keywords: ["download", "cloud"])
    ) { parameters in
        { _, run in
            let account = try Account(run, parameter: "WFGetFilePath")
            let path = try path(try run.text(parameters["WFGetFilePath"]), parameter: "WFGetFilePath")
            guard let file = try account.download(path)?.file else {
                if try run.bool(parameters["WFFileErrorIfNotFound"]) ?? true {
                    throw ActionFailure("there is no file at \(path) in your Dropbox", parameter: "WFGetFilePath")
                }
                return .nothing
            }
            return .file(file)
        }
    }

    static let append = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.dropbox.appendfile", title: "Append to Dropbox Text File",
            description:
                "Adds text to the end (or the start) of a text file in your Dropbox, on a new line unless told otherwise; a file not there yet is made.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Text", type: .text, isRequired: true),
                ParameterMetadata(key: "WFFilePath", title: "File Path", type: .text, isRequired: true),
                ParameterMetadata(
                    key: "WFAppendFileWriteMode", title: "Mode", type: .enumeration, options: ["Append", "Prepend"], defaultValue: "Append"),
                ParameterMetadata(key: "WFAppendOnNewLine", title: "Make New Line", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Appended File", isReadOnly: false, keywords: ["log", "add text"])
    ) { parameters in
        { input, run in
            let account = try Account(run, parameter: "WFFilePath")
            let path = try path(try run.text(parameters["WFFilePath"]), parameter: "WFFilePath")
            let text = parameters["WFInput"].isAbsent ? input.text : try run.text(parameters["WFInput"]) ?? ""
            let prepend = (try run.text(parameters["WFAppendFileWriteMode"]) ?? "Append").lowercased() == "prepend"
            let newLine = try run.bool(parameters["WFAppendOnNewLine"]) ?? true
            let existing = try account.download(path)
            let old = existing.map { String(decoding: $0.file.data, as: UTF8.self) } ?? ""
            let joined =
                old.isEmpty
                ? text : prepend ? text + (newLine ? "\n" : "") + old : old + (newLine && !old.hasSuffix("\n") ? "\n" : "") + text
            _ = try account.upload(
                Data(joined.utf8), to: path, overwrite: false, revision: existing.map(\.revision).flatMap { $0.isEmpty ? nil : $0 })
            return .file(FileContent(name: (path as NSString).lastPathComponent, data: Data(joined.utf8)))
        }
    }
}

extension String {
    /// The string less one suffix, when it ends so.
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

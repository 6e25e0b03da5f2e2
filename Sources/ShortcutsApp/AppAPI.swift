import Foundation
import RunHistory
import ShortcutFormat
import ShortcutsContent
import ShortcutsLibrary
import ShortcutsRPC
import ShortcutsRun
import ShortcutsService

/// The app's JSON API, one request at a time:
///
/// | Request | Does |
/// | --- | --- |
/// | `GET /api/library` | the shortcuts (name, folder, colour, glyph, action count) and folders |
/// | `POST /api/shortcuts` `{name, folder?}` | a new, empty shortcut |
/// | `GET /api/shortcuts/{id}` | the editor's document: actions, blocks, parameters, revision |
/// | `PUT /api/shortcuts/{id}` `{revision, actions}` | saves, unless the file changed since (409, with the file's version) |
/// | `DELETE /api/shortcuts/{id}` | moves it to Recently Deleted |
/// | `POST /api/shortcuts/{id}/rename` `{name}`, `/move` `{folder}`, `/duplicate` | as it says |
/// | `GET /api/shortcuts/{id}/export` | the file |
/// | `POST /api/import?name=…` (the file's bytes) | adds a shortcut file |
/// | `POST /api/import-link` `{link}` | adds the shortcut an iCloud link shares |
/// | `POST /api/text` `{actions}` / `POST /api/document` `{text}` | the editor's actions as shortcut text, and back (with the checker's diagnostics) |
/// | `GET /api/actions` | the action library |
/// | `POST /api/runs` `{shortcut, input?}` | starts a run; `GET /api/runs/{id}/events` streams it |
/// | `GET /api/runs` | every run the service has going, from any client |
/// | `POST /api/runs/{id}/cancel`, `/answer` `{id, value}` | stops it, answers its question |
/// | `GET /api/runs/{id}/files/{n}` | a file the run gave |
/// | `GET /api/history?shortcut=&status=&since=` | past runs from every entry point, newest first (docs/HISTORY.md) |
/// | `GET /api/history/{id}` | one past run with its trace and profile |
/// | `GET`/`PUT /api/settings` | Allow Running Scripts, model endpoints, the library's place, allowed clients, apps |
/// | `POST /api/describe` `{description}`, `/describe/save` `{name, text}` | a shortcut written from a sentence, and saving it |
struct AppAPI {
    let server: AppServer
    var service: EventsService { server.service }
    var library: ShortcutLibrary { service.setup.library }

    init(server: AppServer) { self.server = server }

    mutating func respond(to request: WebRequest) -> WebResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).dropFirst().map(String.init)
        do {
            let response = try route(request, parts)
            let changesLibrary = ["shortcuts", "import", "import-link", "describe"].contains(parts.first ?? "") && request.method != "GET"
            if changesLibrary, case .body(let status, _, _) = response, status < 300 { server.libraryChanged() }
            return response
        } catch {
            return Self.error(error.status, error.message)
        }
    }

    private func route(_ request: WebRequest, _ parts: [String]) throws(APIError) -> WebResponse {
        switch (request.method, parts.first, parts.count) {
        case ("GET", "library", 1): return try libraryList()
        case ("GET", "events", 1):
            return .stream(
                status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")], server.pageStream())
        case ("GET", "actions", 1): return .json(200, ActionLibrary.json(actionMetadata()).text)
        case ("GET", "settings", 1): return try settings()
        case ("PUT", "settings", 1): return try changeSettings(try body(request))
        case ("POST", "shortcuts", 1): return try create(try body(request))
        case ("POST", "import", 1): return try importFile(request)
        case ("POST", "import-link", 1): return try importLink(try body(request), allowsUnverified: request.query("allowUnverified") == "1")
        case ("POST", "text", 1): return try text(try body(request))
        case ("POST", "document", 1): return try document(fromText: try body(request))
        case ("POST", "describe", 1): return try describe(try body(request))
        case ("POST", "describe", 2) where parts[1] == "save": return try saveDescribed(try body(request))
        case ("POST", "runs", 1): return try startRun(try body(request))
        case ("GET", "runs", 1): return runsInProgress()
        case ("GET", "history", 1): return try history(request)
        case ("GET", "history", 2): return try pastRun(parts[1])
        case (_, "shortcuts", 2...3): return try shortcut(request, parts)
        case (_, "runs", 3...4): return try run(request, parts)
        default: throw APIError(404, "no such request: \(request.method) \(request.path)")
        }
    }

    // MARK: Library

    private func libraryList() throws(APIError) -> WebResponse {
        let summaries: [ShortcutSummary]
        do {
            summaries = try library.summaries()
        } catch {
            throw APIError(500, error.message)
        }
        let shortcuts: [JSONValue] = summaries.map { summary in
            var object: JSONObject = [
                "id": .string(summary.entry.identifier), "name": .string(summary.entry.name),
                "actionCount": .number(Double(summary.actionCount ?? 0)),
            ]
            if let folder = summary.entry.folder { object["folder"] = .string(folder) }
            if let color = summary.color { object["color"] = .number(Double(color)) }
            if let glyph = summary.glyph { object["glyph"] = .number(Double(glyph)) }
            if summary.actionCount == nil { object["damaged"] = true }
            return .object(object)
        }
        let folders = library.folders().map(JSONValue.string)
        return .json(200, JSONValue.object(["shortcuts": .array(shortcuts), "folders": .array(folders)]).text)
    }

    private func create(_ body: JSONValue) throws(APIError) -> WebResponse {
        guard let name = body["name"]?.stringValue else { throw APIError(400, "a new shortcut needs a name") }
        let folder = body["folder"]?.stringValue
        do {
            if let folder, !library.folders().contains(folder) { try library.createFolder(named: folder) }
            let entry = try library.create(named: name, folder: folder)
            return .json(201, JSONValue.object(["id": .string(entry.identifier), "name": .string(entry.name)]).text)
        } catch {
            throw APIError(error)
        }
    }

    private func importFile(_ request: WebRequest) throws(APIError) -> WebResponse {
        let name = request.query("name").map { ($0 as NSString).deletingPathExtension } ?? "Imported Shortcut"
        return try add(request.body, source: name, name: name, allowsUnverified: request.query("allowUnverified") == "1")
    }

    /// An iCloud link dropped on the page: the shortcut it shares, fetched and added.
    private func importLink(_ body: JSONValue, allowsUnverified: Bool) throws(APIError) -> WebResponse {
        guard let text = body["link"]?.stringValue else { throw APIError(400, "no link to import") }
        let link: ICloudLink?
        do {
            link = try ICloudLink(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw APIError(422, error.message)
        }
        guard let link else { throw APIError(422, "\(text) is not a link") }
        let fetched: ICloudLink.Fetched
        do {
            fetched = try link.fetch(environment: service.setup.variables)
        } catch {
            throw APIError(502, error.message)
        }
        return try add(fetched.withIcon(), source: text, name: fetched.name, allowsUnverified: allowsUnverified)
    }

    /// Adds a shortcut's bytes to the library. As on the command line, a file whose signer
    /// nobody vouches for needs the person's word, given by `?allowUnverified=1` after the page
    /// asked them; set-up questions keep their defaults.
    private func add(_ data: Data, source: String, name: String, allowsUnverified: Bool) throws(APIError) -> WebResponse {
        do {
            let entry = try library.importShortcut(
                data, source: source, name: name,
                refusal: { signature in
                    guard case .unknown = signature.signer, !allowsUnverified else { return nil }
                    return "\(name) is signed by an unknown signer: its certificates don't lead to Apple, so nobody vouches for who made it"
                })
            return .json(201, JSONValue.object(["id": .string(entry.identifier), "name": .string(entry.name)]).text)
        } catch {
            throw APIError(error)
        }
    }

    private func shortcut(_ request: WebRequest, _ parts: [String]) throws(APIError) -> WebResponse {
        let location = try locate(parts[1])
        switch (request.method, parts.count == 3 ? parts[2] : nil) {
        case ("GET", nil): return try open(location)
        case ("PUT", nil): return try save(location, try body(request))
        case ("DELETE", nil):
            do {
                try library.delete(location)
            } catch {
                throw APIError(error)
            }
            return .json(200, #"{"deleted":true}"#)
        case ("POST", "rename"?):
            guard let name = try body(request)["name"]?.stringValue else { throw APIError(400, "renaming needs a name") }
            return try moved(location, name: name, folder: .none)
        case ("POST", "move"?):
            let folder = try body(request)["folder"]?.stringValue
            if let folder, !library.folders().contains(folder) {
                do {
                    try library.createFolder(named: folder)
                } catch {
                    throw APIError(error)
                }
            }
            return try moved(location, name: nil, folder: .some(folder))
        case ("POST", "duplicate"?): return try duplicate(location)
        case ("GET", "export"?):
            guard let data = FileManager.default.contents(atPath: location.path) else { throw APIError(404, "can't read \(location.name)") }
            return .body(
                status: 200,
                headers: [
                    ("Content-Type", "application/octet-stream"),
                    ("Content-Disposition", "attachment; filename=\"\(Self.headerSafe(location.name)).shortcut\""),
                ], data)
        default: throw APIError(404, "no such request: \(request.method) \(request.path)")
        }
    }

    private func moved(_ location: ShortcutLocation, name: String?, folder: String??) throws(APIError) -> WebResponse {
        do {
            let entry = try library.move(location, name: name, folder: folder)
            return .json(200, JSONValue.object(["id": .string(entry.identifier), "name": .string(entry.name)]).text)
        } catch {
            throw APIError(error)
        }
    }

    private func duplicate(_ location: ShortcutLocation) throws(APIError) -> WebResponse {
        do {
            let workflow = try library.workflow(at: location)
            var name = location.name + " 2"
            var number = 2
            while library.find(name: name) != nil {
                number += 1
                name = "\(location.name) \(number)"
            }
            let entry = try library.create(named: name, folder: location.folder, workflow: workflow)
            return .json(201, JSONValue.object(["id": .string(entry.identifier), "name": .string(entry.name)]).text)
        } catch {
            throw APIError(error)
        }
    }

    // MARK: Editing

    private func open(_ location: ShortcutLocation) throws(APIError) -> WebResponse {
        guard let data = FileManager.default.contents(atPath: location.path) else { throw APIError(404, "can't read \(location.name)") }
        return .json(200, try document(of: data, location: location).text)
    }

    /// The editor's document of a file's bytes.
    private func document(of data: Data, location: ShortcutLocation) throws(APIError) -> JSONValue {
        let workflow: Workflow
        do {
            workflow = try ShortcutFile.open(data, path: location.path, ignoringSignature: true, checkingSignature: false).workflow
        } catch {
            throw APIError(422, error.message)
        }
        var object: JSONObject = [
            "id": .string((try? library.identifier(of: location)) ?? location.name),
            "name": .string(location.name),
            "revision": .string(Self.revision(of: data)),
            "actions": EditorDocument.json(of: workflow, metadata: metadata(for:)),
        ]
        if let folder = location.folder { object["folder"] = .string(folder) }
        if let color = workflow.iconColor { object["color"] = .number(Double(color)) }
        if let glyph = workflow.iconGlyph { object["glyph"] = .number(Double(glyph)) }
        return .object(object)
    }

    private func save(_ location: ShortcutLocation, _ body: JSONValue) throws(APIError) -> WebResponse {
        guard let revision = body["revision"]?.stringValue, let actions = body["actions"]?.arrayValue else {
            throw APIError(400, "saving needs the revision that was opened and the actions")
        }
        let current: Workflow
        do {
            current = try library.workflow(at: location)
        } catch {
            throw APIError(error)
        }
        let edited: Workflow
        do {
            edited = try EditorDocument.workflow(from: actions, settings: current.settings)
        } catch {
            throw APIError(422, error.description)
        }
        do {
            let written = try library.save(edited, to: location) { Self.revision(of: $0) == revision }
            return .json(200, JSONValue.object(["revision": .string(Self.revision(of: written))]).text)
        } catch {
            guard error.code == .changed, let data = FileManager.default.contents(atPath: location.path) else { throw APIError(error) }
            let conflict: JSONObject = [
                "error": .string(error.message), "conflict": true, "disk": try document(of: data, location: location),
            ]
            return .json(409, JSONValue.object(conflict).text)
        }
    }

    /// The page's actions as shortcut text.
    private func text(_ body: JSONValue) throws(APIError) -> WebResponse {
        guard let actions = body["actions"]?.arrayValue else { throw APIError(400, "the text of what? (no actions)") }
        let workflow: Workflow
        do {
            workflow = try EditorDocument.workflow(from: actions, settings: Workflow.defaultSettings)
        } catch {
            throw APIError(422, error.description)
        }
        let language = service.setup.language(for: workflow)
        return .json(200, JSONValue.object(["text": .string(Self.actionsOnly(language.decompile(workflow)))]).text)
    }

    /// Shortcut text as the editor's actions, or the checker's diagnostics.
    private func document(fromText body: JSONValue) throws(APIError) -> WebResponse {
        guard let text = body["text"]?.stringValue else { throw APIError(400, "no text to read") }
        let compiled = service.setup.compileText(text)
        let diagnostics: [JSONValue] = compiled.diagnostics.map { diagnostic in
            [
                "line": .number(Double(diagnostic.position.line)), "column": .number(Double(diagnostic.position.column)),
                "severity": .string(diagnostic.severity.rawValue), "message": .string(diagnostic.message),
            ]
        }
        guard let workflow = compiled.workflow else {
            return .json(422, JSONValue.object(["diagnostics": .array(diagnostics)]).text)
        }
        let actions = EditorDocument.json(of: workflow, metadata: metadata(for:))
        return .json(200, JSONValue.object(["actions": actions, "diagnostics": .array(diagnostics)]).text)
    }

    /// Shortcut text without the header lines a new workflow's settings give (`@…`): the page's
    /// text view shows the actions, and the shortcut's settings stay the file's.
    static func actionsOnly(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.hasPrefix("@") || (first.isEmpty && lines.count > 1) { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }

    // MARK: Runs

    private func startRun(_ body: JSONValue) throws(APIError) -> WebResponse {
        guard let shortcut = body["shortcut"]?.stringValue else { throw APIError(400, "a run needs a shortcut") }
        _ = try locate(shortcut)
        let runID = server.runs.start(shortcut: shortcut, input: body["input"]?.stringValue)
        return .json(202, JSONValue.object(["runID": .string(runID)]).text)
    }

    /// Every run the service has going, from the page or any other client.
    private func runsInProgress() -> WebResponse {
        let runs: [JSONValue] = service.listRuns().map { run in
            [
                "runID": .string(run.runID), "shortcut": .string(run.shortcut),
                "fromThisApp": .bool(server.runs.run(run.runID) != nil),
                "clientProcess": .number(Double(run.clientProcess)),
            ]
        }
        return .json(200, JSONValue.object(["runs": .array(runs)]).text)
    }

    // MARK: History

    private func history(_ request: WebRequest) throws(APIError) -> WebResponse {
        let params = EventsProtocol.HistoryParams(
            shortcut: request.query("shortcut"), status: request.query("status"), since: request.query("since"),
            limit: request.query("limit").flatMap { Int($0) } ?? 100)
        do {
            let runs = try service.history(params)
            return .json(200, JSONValue.object(["runs": .array(runs.map(\.json))]).text)
        } catch {
            throw APIError(error.code == .invalidArguments ? 400 : 500, error.message)
        }
    }

    private func pastRun(_ id: String) throws(APIError) -> WebResponse {
        do {
            return .json(200, try service.runDetails(EventsProtocol.RunIDParams(runID: id)).json.text)
        } catch {
            throw APIError(error.code == .notFound ? 404 : error.code == .invalidArguments ? 400 : 500, error.message)
        }
    }

    private func run(_ request: WebRequest, _ parts: [String]) throws(APIError) -> WebResponse {
        guard let run = server.runs.run(parts[1]) else {
            // Another client's run can be stopped from here too.
            if request.method == "POST", parts[2] == "cancel", parts.count == 3,
                service.cancel(EventsProtocol.CancelParams(runID: parts[1])) > 0
            {
                return .json(200, #"{"cancelled":true}"#)
            }
            throw APIError(404, "no run \(parts[1]) (finished runs are kept 10 minutes)")
        }
        switch (request.method, parts[2], parts.count) {
        case ("GET", "events", 3):
            return .stream(
                status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")], run.subscribe())
        case ("POST", "cancel", 3):
            run.cancellation.cancel()
            return .json(200, #"{"cancelled":true}"#)
        case ("POST", "answer", 3):
            let body = try body(request)
            guard let id = body["id"]?.numberValue, let value = body["value"] else {
                throw APIError(400, "an answer needs the question's id and a value")
            }
            guard run.answer(Int(id), value) else { throw APIError(409, "the run isn't waiting for that answer") }
            return .json(200, #"{"answered":true}"#)
        case ("GET", "files", 4):
            guard let position = Int(parts[3]), let file = run.file(position) else { throw APIError(404, "the run gave no such file") }
            let type = UniformType.mimeType(for: file.typeIdentifier ?? UniformType.identifier(forFileName: file.name))
            return .body(
                status: 200,
                headers: [
                    ("Content-Type", type), ("Cache-Control", "no-store"),
                    ("Content-Disposition", "inline; filename=\"\(Self.headerSafe(file.name))\""),
                ], file.data)
        default: throw APIError(404, "no such request: \(request.method) \(request.path)")
        }
    }

    // MARK: Settings

    private func settings() throws(APIError) -> WebResponse {
        let settings: LibrarySettings
        do {
            settings = try library.settings()
        } catch {
            throw APIError(error)
        }
        let apps: [JSONValue] = service.apps.manifests.map { manifest in
            [
                "bundleIdentifier": .string(manifest.bundleIdentifier), "name": .string(manifest.name),
                "actions": .array(manifest.actions.map { .string($0.title) }),
            ]
        }
        var object: JSONObject = [
            "allowRunningScripts": .bool(service.setup.allowsRunningScripts()),
            "allowRunningScriptsSaved": .bool(settings.allowRunningScripts),
            "library": .string(library.shortcutsDirectory),
            "apps": .array(apps),
            "models": .array(settings.models.map(Self.json)),
            "defaultModel": Self.json(ModelEndpoints(settings.models).endpoint(for: nil, variables: service.setup.variables)),
        ]
        if let override = RunSetup.scriptsOverride(in: service.setup.variables) { object["allowRunningScriptsOverride"] = .bool(override) }
        object["allowedClients"] = service.configuration.allowedClients.map { .array($0.map(JSONValue.string)) } ?? .null
        return .json(200, JSONValue.object(object).text)
    }

    private func changeSettings(_ body: JSONValue) throws(APIError) -> WebResponse {
        let allow = body["allowRunningScripts"]?.boolValue
        let models = try body["models"].map(Self.endpoints(from:))
        guard allow != nil || models != nil else { throw APIError(400, "nothing to change (allowRunningScripts, models)") }
        do {
            try library.updateSettings { (settings: inout LibrarySettings) throws(LibraryError) in
                if let allow { settings.allowRunningScripts = allow }
                if let models { settings.models = models }
            }
        } catch {
            throw APIError(error)
        }
        return try settings()
    }

    // MARK: Helpers

    private func locate(_ idOrName: String) throws(APIError) -> ShortcutLocation {
        let found: ShortcutLocation?
        do {
            found = try library.find(idOrName)
        } catch {
            throw APIError(error)
        }
        guard let found else { throw APIError(404, "no shortcut \(idOrName)") }
        return found
    }

    private func body(_ request: WebRequest) throws(APIError) -> JSONValue {
        guard let value = JSONValue(parsing: request.body) else { throw APIError(400, "the request's body is not JSON") }
        return value
    }

    private func metadata(for identifier: String) -> ActionMetadata? { service.setup.engine.metadata(for: identifier) }

    private func actionMetadata() -> [ActionMetadata] {
        var seen: Set<String> = []
        return service.setup.engine.sources.flatMap(\.allMetadata).filter { seen.insert($0.identifier).inserted }
    }

    /// A revision of a file's bytes (FNV-1a, 64 bits): whether it changed since it was opened.
    static func revision(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16) + "-" + String(data.count)
    }

    private static func headerSafe(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\"" && $0 != "\\" && $0.isASCII })
    }

    static func error(_ status: Int, _ message: String) -> WebResponse {
        .json(status, JSONValue.object(["error": .string(message)]).text)
    }
}

/// An API failure: its HTTP status and what to tell the person.
struct APIError: Error {
    var status: Int
    var message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    init(_ error: LibraryError) {
        let status =
            switch error.code {
            case .notFound: 404
            case .alreadyExists, .changed: 409
            case .invalidName, .invalidShortcut: 422
            case .unapprovedSigner: 451
            default: 500
            }
        self.init(status, error.message)
    }
}

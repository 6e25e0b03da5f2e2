import AppActions
import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsPlatform
import ShortcutsRun

/// `shortcuts actions`: lists the actions shortcuts can run, built-in and from installed apps,
/// with their parameters; `--json` prints their ``ActionMetadata`` for tools.
///
/// ```text
/// $ shortcuts actions --app com.example.SouperTask
/// com.example.SouperTask.CreateTaskIntent  Create Task → TaskEntity
///     title: text, required, takes the input  "Title"
///     dueDate: date, required  "Due Date"
/// ```
enum ActionsCommand {
    static let spec = CommandSpec(
        name: "actions", abstract: "List the actions shortcuts can run, with their parameters.",
        discussion: """
            Lists the built-in actions and the actions of installed apps. An app's actions appear \
            once it has run (it writes its manifest to $SHORTCUTS_HOME/Apps) or when its manifest is \
            installed system-wide (shortcuts/apps under each $XDG_DATA_DIRS folder). An action that \
            calls a desktop or system service over D-Bus is marked unavailable when its bus has no such \
            service, with the package that provides it. With --suggested, lists instead what apps \
            donated: actions the person just did in them, with their values, newest first.
            """,
        options: [app, suggested, json])

    static let suggested = Flag(
        "suggested", help: "List the actions apps suggest (their donations), with the values they were done with, newest first.")

    static let app = Option(
        "app", value: "bundle-id",
        help:
            "Only the actions of the app with this bundle identifier, or of an Apple app by its name (Reminders) or identifier (com.apple.reminders)."
    )
    static let json = Flag("json", help: "Print the actions' metadata as JSON, in a stable order.")

    static func run(_ arguments: ParsedArguments, environment: [String: String]) throws -> Int32 {
        if arguments[suggested] { return listSuggestions(app: arguments[app], json: arguments[json], environment: environment) }
        let apps = RunSetup.commandLine(environment).apps
        let actions: [ActionMetadata]
        if let bundle = arguments[app], let own = appleAppActions(bundle) {
            actions = own
        } else if let bundle = arguments[app] {
            guard let manifest = apps.manifest(bundleIdentifier: bundle) else {
                let installed = apps.manifests.map(\.bundleIdentifier)
                throw CommandFailure(
                    "No installed app has the bundle identifier \(bundle) (run the app once so it writes its manifest)"
                        + (installed.isEmpty ? "" : "; installed: \(installed.joined(separator: ", "))"))
            }
            actions = manifest.actions.sorted { $0.identifier < $1.identifier }
        } else {
            // The control-flow blocks too, which the engine runs itself.
            actions =
                (RunSetup.builtinMetadata + ControlFlowBlock.allCases.map(\.metadata)).sorted { $0.identifier < $1.identifier }
                + apps.allMetadata
        }
        if arguments[json] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Console.out(String(decoding: try encoder.encode(actions), as: UTF8.self) + "\n")
        } else {
            let presence = actions.contains { $0.service != nil } ? ServicePresence(environment: environment) : nil
            Console.out(actions.map { describe($0, presence: presence) }.joined())
        }
        return 0
    }

    /// The apps' donations, newest first: each action with the values it was done with.
    static func listSuggestions(app: String?, json: Bool, environment: [String: String]) -> Int32 {
        let donations = DonationStore(home: ShortcutsHome.path(in: environment)).donations(bundleIdentifier: app)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            Console.out(((try? encoder.encode(donations)).map { String(decoding: $0, as: UTF8.self) } ?? "[]") + "\n")
            return 0
        }
        let dates = ISO8601DateFormatter()
        var text = ""
        for donation in donations {
            let kind = donation.kind.map { kind in
                switch kind {
                case .relevant: "relevant " + (donation.relevance ?? []).joined(separator: ", ") + ", "
                case .activity: "seen, "
                case .suggested: "suggested to add, "
                default: kind.rawValue + ", "
                }
            }
            text +=
                "\(donation.action)  \(donation.title)  (\(kind ?? "")\(donation.bundleIdentifier), \(dates.string(from: donation.date)))\n"
            for name in donation.parameters.keys.sorted() {
                guard let value = donation.parameters[name] else { continue }
                text += "    \(name): \(value.text)\n"
            }
            if let dialog = donation.dialog { text += "    said: \(dialog)\n" }
        }
        Console.out(text.isEmpty ? "No app has suggested an action yet.\n" : text)
        return 0
    }

    /// The built-in actions that are an Apple app's own (``ActionMetadata/app``), by the app's name
    /// or its identifier's prefix; `nil` when no built-in action is that app's.
    static func appleAppActions(_ name: String) -> [ActionMetadata]? {
        let found = RunSetup.builtinMetadata.filter { action in
            guard let owner = action.app else { return false }
            return owner.caseInsensitiveCompare(name) == .orderedSame || action.identifier.lowercased().hasPrefix(name.lowercased() + ".")
        }
        return found.isEmpty ? nil : found
    }

    /// An action and its parameters, one per line.
    static func describe(_ action: ActionMetadata, presence: ServicePresence? = nil) -> String {
        var text = action.identifier + "  " + action.title
        if let owner = action.app { text += " (\(owner))" }
        if let output = action.outputType { text += " → " + (action.outputIsList == true ? "[\(output)]" : output) }
        if !action.isAvailable { text += "  [not available on Linux]" }
        if let service = action.service, let presence, !presence.has(service) {
            text += "  [unavailable here: needs \(service.description)]"
        }
        text += "\n"
        for parameter in action.parameters {
            var traits = [parameter.type.rawValue + (parameter.isList ? " list" : "")]
            if let entity = parameter.entityType { traits[0] += " (\(entity))" }
            if parameter.isRequired { traits.append("required") }
            if parameter.key == action.inputParameter { traits.append("takes the input") }
            if !parameter.options.isEmpty { traits.append("one of " + parameter.options.joined(separator: "|")) }
            if let value = parameter.defaultValue { traits.append("default \(value)") }
            text += "    \(parameter.key): \(traits.joined(separator: ", "))  \"\(parameter.title)\"\n"
        }
        return text
    }
}

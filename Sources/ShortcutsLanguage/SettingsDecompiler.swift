import PropertyList
import ShortcutFormat

/// Writes a shortcut's settings as directives: `@name`, `@color`, `@glyph`, `@input`,
/// `@output`, `@types` and `@question` where they say it exactly, `@setting Key: value` for
/// everything else, and `@setting Key: none` for a default the file doesn't have.
enum SettingsDecompiler {
    static func directives(for settings: PropertyListDictionary, decompiler: inout Decompiler) -> [Statement] {
        let readable = readableDirectives(settings, decompiler: &decompiler)
        if compile(readable, decompiler: decompiler) == settings { return readable }
        var raw: [Statement] = settings.map { directive("setting", [Decompiler.labeled($0.key, decompiler.plistSyntax($0.value))]) }
        for (key, _) in Workflow.defaultSettings where settings[key] == nil {
            raw.append(directive("setting", [Decompiler.labeled(key, .none(position: Decompiler.nowhere))]))
        }
        return raw
    }

    private static func compile(_ statements: [Statement], decompiler: Decompiler) -> PropertyListDictionary {
        var settings = Workflow.defaultSettings
        var values = decompiler.checker
        values.log = DiagnosticLog()
        for case .directive(let directive) in statements {
            DirectiveCompiler().apply(directive, to: &settings, values: &values)
        }
        return settings
    }

    private static func directive(_ name: String, _ arguments: [Argument]) -> Statement {
        .directive(Directive(name: name, arguments: arguments, position: Decompiler.nowhere))
    }

    private static func readableDirectives(_ settings: PropertyListDictionary, decompiler: inout Decompiler) -> [Statement] {
        var statements: [Statement] = []
        let defaults = Workflow.defaultSettings
        func names(_ value: PropertyListValue, friendly: (String) -> String?) -> [Argument]? {
            guard let items = value.arrayValue else { return nil }
            var arguments: [Argument] = []
            for item in items {
                guard let name = item.stringValue else { return nil }
                let word = friendly(name)
                arguments.append(Decompiler.unlabeled(word.map(Decompiler.word) ?? Decompiler.string(name)))
            }
            return arguments
        }
        let classWord = { (name: String) in ContentClasses.friendlyName(name) }
        let typeWord = { (name: String) in Printer.isIdentifier(name) && !Decompiler.reservedNames.contains(name) ? name : nil }
        for (key, value) in settings {
            if value == defaults[key] { continue }
            switch (key, value) {
            case ("WFWorkflowName", .string(let name)):
                statements.append(directive("name", [Decompiler.unlabeled(Decompiler.string(name))]))
            case ("WFWorkflowIcon", .dictionary(let icon))
            where Set(icon.keys).isSubset(of: ["WFWorkflowIconStartColor", "WFWorkflowIconGlyphNumber"]):
                if case .integer(let color)? = icon["WFWorkflowIconStartColor"] {
                    let hex = String(color, radix: 16, uppercase: true)
                    let text =
                        (0...Int64(UInt32.max)).contains(color)
                        ? "0x" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex : String(color)
                    statements.append(directive("color", [Decompiler.unlabeled(.integer(color, text: text, position: Decompiler.nowhere))]))
                }
                if case .integer(let glyph)? = icon["WFWorkflowIconGlyphNumber"] {
                    statements.append(
                        directive("glyph", [Decompiler.unlabeled(.integer(glyph, text: String(glyph), position: Decompiler.nowhere))]))
                }
            case ("WFWorkflowInputContentItemClasses", _), ("WFWorkflowOutputContentItemClasses", _), ("WFWorkflowTypes", _):
                let name = ["WFWorkflowInputContentItemClasses": "input", "WFWorkflowOutputContentItemClasses": "output"][key] ?? "types"
                if let arguments = names(value, friendly: name == "types" ? typeWord : classWord) {
                    statements.append(directive(name, arguments))
                } else {
                    statements.append(directive("setting", [Decompiler.labeled(key, decompiler.plistSyntax(value))]))
                }
            case ("WFWorkflowImportQuestions", .array(let questions)) where settings.keys.contains(key):
                if questions.isEmpty {
                    statements.append(directive("setting", [Decompiler.labeled(key, .list([], position: Decompiler.nowhere))]))
                }
                for question in questions {
                    statements.append(directive("question", [Decompiler.unlabeled(decompiler.plistSyntax(question))]))
                }
            default:
                statements.append(directive("setting", [Decompiler.labeled(key, decompiler.plistSyntax(value))]))
            }
        }
        for (key, _) in defaults where settings[key] == nil {
            statements.append(directive("setting", [Decompiler.labeled(key, .none(position: Decompiler.nowhere))]))
        }
        return statements
    }
}

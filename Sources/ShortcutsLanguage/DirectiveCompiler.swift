import PropertyList
import ShortcutFormat

/// Applies `@name`, `@color`, `@glyph`, `@input`, `@output`, `@types`, `@question` and
/// `@setting` to a shortcut's settings, in the order they are written.
struct DirectiveCompiler {
    static let names = ["name", "color", "glyph", "input", "output", "types", "question", "setting", "shape"]

    func apply(_ directive: Directive, to settings: inout PropertyListDictionary, values: inout ValueCompiler) {
        var workflow = Workflow(actions: [], settings: settings)
        defer { settings = workflow.settings }
        let arguments = directive.arguments
        func single() -> PropertyListValue? {
            guard arguments.count == 1, arguments[0].label == nil else {
                values.log.error("@\(directive.name) takes one value", at: directive.position)
                return nil
            }
            return values.plist(arguments[0].value)
        }
        switch directive.name {
        case DictionaryTextShape.directive:
            guard arguments.count == 1, arguments[0].label == nil, case .variable(let word) = arguments[0].value, word.postfixes.isEmpty,
                case .output(DictionaryTextShape.rangesInDictionaries) = word.base
            else {
                return values.log.error(
                    "@shape takes \(DictionaryTextShape.rangesInDictionaries): texts in dictionaries written with empty attachmentsByRange, as Shortcuts before 2.2 wrote them",
                    at: directive.position)
            }
            values.rangesInDictionaries = true
        case "name":
            guard let value = single() else { return }
            guard case .string(let name) = value else { return values.log.error("@name takes the name in quotes", at: directive.position) }
            workflow.name = name
        case "color", "glyph":
            guard let value = single() else { return }
            guard case .integer(let number) = value else {
                return values.log.error(
                    "@\(directive.name) takes a number, such as \(directive.name == "color" ? "0xFF4351FF" : "59511")",
                    at: directive.position)
            }
            var icon = settings["WFWorkflowIcon"]?.dictionaryValue ?? PropertyListDictionary()
            icon[directive.name == "color" ? "WFWorkflowIconStartColor" : "WFWorkflowIconGlyphNumber"] = .integer(number)
            workflow.settings["WFWorkflowIcon"] = .dictionary(icon)
        case "input", "output", "types":
            var names: [PropertyListValue] = []
            for argument in arguments {
                switch argument.value {
                case .variable(let word) where word.postfixes.isEmpty:
                    guard case .output(let name) = word.base else { fallthrough }
                    names.append(.string(directive.name == "types" ? name : ContentClasses.itemClass(name)))
                default:
                    guard argument.label == nil, case .string(let name)? = values.plist(argument.value) else {
                        return values.log.error(
                            "@\(directive.name) takes names separated by commas, such as text, url", at: argument.position)
                    }
                    names.append(.string(name))
                }
            }
            let key = [
                "input": "WFWorkflowInputContentItemClasses", "output": "WFWorkflowOutputContentItemClasses", "types": "WFWorkflowTypes",
            ][directive.name]!
            workflow.settings[key] = .array(names)
        case "question":
            guard let value = single() else { return }
            guard value.dictionaryValue != nil else { return values.log.error("@question takes a dictionary", at: directive.position) }
            var questions = settings["WFWorkflowImportQuestions"]?.arrayValue ?? []
            questions.append(value)
            workflow.settings["WFWorkflowImportQuestions"] = .array(questions)
        case "setting":
            guard arguments.count == 1, let key = arguments[0].label else {
                return values.log.error(
                    "@setting takes one key and its value, such as @setting WFWorkflowClientVersion: \"2106.0.3\"", at: directive.position)
            }
            if arguments[0].value.isNone {
                workflow.settings[key] = nil
            } else if let value = values.plist(arguments[0].value) {
                workflow.settings[key] = value
            }
        default:
            values.log.error(
                "unknown setting '@\(directive.name)'\(Suggestion.didYouMean(directive.name, among: Self.names))", at: directive.position)
        }
    }
}

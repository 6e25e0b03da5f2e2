import ActionSupport
import ShortcutsContent
import ShortcutsEngine

/// `WFGetDictionaryValueType` of Get Dictionary Value.
enum DictionaryValueType: String, ParameterOption {
    case value = "Value"
    case allKeys = "All Keys"
    case allValues = "All Values"
}

/// Dictionaries: Dictionary, Get Dictionary Value, Set Dictionary Value and Get Dictionary from Input.
enum DictionaryActions {
    static let all: [ActionDefinition] = [dictionary, getValue, setValue, detectDictionary]

    static let dictionary = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.dictionary", title: "Dictionary",
            description: "Passes a dictionary of keys and values (text, numbers, Booleans, lists and dictionaries) to the next action.",
            parameters: [ParameterMetadata(key: "WFItems", title: "Items", type: .dictionary)],
            outputType: "Dictionary", outputName: "Dictionary")
    ) { parameters in
        let items = parameters["WFItems"]
        return { _, run in
            if items.isAbsent { return .dictionary(ContentDictionary()) }
            let value = try run.content(items)
            guard let dictionary = value.dictionary else {
                throw ActionFailure("expected dictionary items, got \(value.quotedForError)", parameter: "WFItems")
            }
            return .dictionary(dictionary)
        }
    }

    static let getValue = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getvalueforkey", title: "Get Dictionary Value",
            description:
                "Gets the value for a key (a.b.c reaches into nested dictionaries, a number into a list), or all keys or all values, of a dictionary.",
            parameters: [
                .option("WFGetDictionaryValueType", title: "Get", default: DictionaryValueType.value),
                ParameterMetadata(key: "WFDictionaryKey", title: "Key", type: .text),
                ParameterMetadata(key: "WFInput", title: "Dictionary", type: .dictionary, isRequired: true),
            ],
            inputParameter: "WFInput", outputType: "Content", outputName: "Dictionary Value",
            summary: "Get ${WFGetDictionaryValueType} for ${WFDictionaryKey} in ${WFInput}")
    ) { parameters in
        let type = OptionParameter(parameters, "WFGetDictionaryValueType", default: DictionaryValueType.value)
        let key = parameters["WFDictionaryKey"]
        return { input, run in
            if input.isNothing { return .nothing }
            let valueType = try type.value(in: run)
            if valueType == .value {
                guard let keyPath = try run.text(key), !keyPath.isEmpty else {
                    throw ActionFailure("no key was given", parameter: "WFDictionaryKey")
                }
                try requireDictionaries(input)
                return input.value(forKeyPath: keyPath)
            }
            try requireDictionaries(input)
            guard let dictionary = input.dictionary else { return .nothing }
            return .list(valueType == .allKeys ? dictionary.keys.map(Content.text) : dictionary.values)
        }
    }

    /// - Throws: ``ActionFailure`` naming WFInput when an item is not a dictionary nor JSON text of one.
    private static func requireDictionaries(_ input: Content) throws {
        for item in input.items where item.dictionary == nil {
            throw ActionFailure("expected a dictionary, got \(item.quotedForError)", parameter: "WFInput")
        }
    }

    static let setValue = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setvalueforkey", title: "Set Dictionary Value",
            description: "Sets the value for a key in the dictionary and passes the changed dictionary on.",
            parameters: [
                ParameterMetadata(key: "WFDictionaryKey", title: "Key", type: .text, isRequired: true),
                ParameterMetadata(key: "WFDictionaryValue", title: "Value", type: .content),
                ParameterMetadata(key: "WFDictionary", title: "Dictionary", type: .dictionary, isRequired: true),
            ],
            inputParameter: "WFDictionary", outputType: "Dictionary", outputName: "Dictionary")
    ) { parameters in
        let key = parameters["WFDictionaryKey"]
        let value = parameters["WFDictionaryValue"]
        return { input, run in
            var dictionary = ContentDictionary()
            if !input.isNothing {
                guard let existing = input.dictionary else {
                    throw ActionFailure("expected a dictionary, got \(input.quotedForError)", parameter: "WFDictionary")
                }
                dictionary = existing
            }
            guard let name = try run.text(key), !name.isEmpty else {
                throw ActionFailure("no key was given", parameter: "WFDictionaryKey")
            }
            dictionary[name] = try run.content(value)
            return .dictionary(dictionary)
        }
    }

    static let detectDictionary = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.detect.dictionary", title: "Get Dictionary from Input",
            description:
                "Reads the input as a dictionary: JSON (an array becomes a list), a property list, or a query string such as a=1&b=2. A URL is downloaded and its contents read.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Dictionary", outputName: "Dictionary",
            keywords: ["json", "parse"])
    ) { _ in
        { input, run in
            if input.isNothing { return .nothing }
            if input.items.allSatisfy({ if case .dictionary = $0 { true } else { false } }) { return input }
            // JSON text as a whole, so a top-level array of anything is a list, as Apple reads it.
            if input.items.allSatisfy({ if case .text = $0 { true } else { false } }), let parsed = JSONBridge.parse(input.text),
                case .list = parsed
            {
                return parsed
            }
            return try run.convert(input, to: .dictionary, parameter: "WFInput")
        }
    }
}

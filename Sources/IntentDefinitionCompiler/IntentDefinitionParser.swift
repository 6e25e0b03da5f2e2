import Foundation
import PropertyList

/// Stage 1: reads an `.intentdefinition` property list into an ``IntentDefinition``.
///
/// Missing optional keys take Xcode's defaults; an intent, parameter or type without a name is
/// left out with an error diagnostic that says where it was.
public struct IntentDefinitionParser {
    public let fileName: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(fileName: String) {
        self.fileName = fileName
    }

    /// Parses the file's bytes.
    ///
    /// - Throws: ``IntentDefinitionError`` when the data is not a property list or not an intent definition.
    public mutating func parse(_ data: Data) throws(IntentDefinitionError) -> IntentDefinition {
        let root: PropertyListValue
        do {
            root = try PropertyList.decode(data).value
        } catch {
            throw IntentDefinitionError(
                code: .notPropertyList, fileName: fileName,
                message: "not an intent definition: the file is not a property list (\(error.message))")
        }
        guard let top = root.dictionaryValue, let intents = top["INIntents"]?.arrayValue else {
            throw IntentDefinitionError(
                code: .notIntentDefinition, fileName: fileName,
                message:
                    "not an intent definition: expected a dictionary with an 'INIntents' array, as Xcode's Intent Definition files have")
        }
        let version = top["INIntentDefinitionModelVersion"]?.stringValue ?? "1.0"
        if !["1.0", "1.1", "1.2"].contains(version) {
            note(.warning, nil, "model version \(version) is newer than 1.2, the newest this generator knows; generating anyway")
        }
        return IntentDefinition(
            fileName: fileName, modelVersion: version,
            intents: intents.enumerated().compactMap { intent($1, index: $0) },
            types: (top["INTypes"]?.arrayValue ?? []).enumerated().compactMap { type($1, index: $0) },
            enums: (top["INEnums"]?.arrayValue ?? []).enumerated().compactMap { enumeration($1, index: $0) })
    }

    private mutating func note(_ severity: Diagnostic.Severity, _ location: String?, _ message: String) {
        diagnostics.append(Diagnostic(severity, fileName: fileName, location: location, message: message))
    }

    private func text(_ value: PropertyListValue, _ key: String) -> IntentDefinition.Text {
        IntentDefinition.Text(value[key]?.stringValue ?? "", key: value[key + "ID"]?.stringValue)
    }

    private mutating func intent(_ value: PropertyListValue, index: Int) -> IntentDefinition.Intent? {
        guard let name = value["INIntentName"]?.stringValue, !name.isEmpty else {
            note(.error, "intent #\(index + 1)", "has no INIntentName; left out")
            return nil
        }
        let location = "intent '\(name)'"
        let response = value["INIntentResponse"]
        let codes = (response?["INIntentResponseCodes"]?.arrayValue ?? []).compactMap { code -> IntentDefinition.ResponseCode? in
            guard let codeName = code["INIntentResponseCodeName"]?.stringValue else { return nil }
            return IntentDefinition.ResponseCode(
                name: codeName, isSuccess: code["INIntentResponseCodeSuccess"]?.boolValue ?? (codeName == "success"),
                format: text(code, "INIntentResponseCodeFormatString"),
                conciseFormat: text(code, "INIntentResponseCodeConciseFormatString"))
        }
        let responseParameters =
            (response?["INIntentResponseParameters"]?.arrayValue ?? []).enumerated().compactMap {
                parameter($1, prefix: "INIntentResponseParameter", location: "\(location), response parameter #\($0 + 1)")
            }
            + (response?["INIntentResponseProperties"]?.arrayValue ?? []).enumerated().compactMap {
                parameter($1, prefix: "INIntentResponseProperty", location: "\(location), response property #\($0 + 1)")
            }
        return IntentDefinition.Intent(
            name: name, title: text(value, "INIntentTitle"), description: text(value, "INIntentDescription"),
            isSystem: value["INIntentType"]?.stringValue == "System",
            parameters: (value["INIntentParameters"]?.arrayValue ?? []).enumerated().compactMap {
                parameter($1, prefix: "INIntentParameter", location: "\(location), parameter #\($0 + 1)")
            },
            inputParameter: value["INIntentInput"]?.stringValue,
            requiresConfirmation: value["INIntentUserConfirmationRequired"]?.boolValue ?? false,
            responseCodes: codes, responseParameters: responseParameters,
            outputParameter: response?["INIntentResponseOutput"]?.stringValue)
    }

    private mutating func parameter(_ value: PropertyListValue, prefix: String, location: String) -> IntentDefinition.Parameter? {
        guard let name = value[prefix + "Name"]?.stringValue, !name.isEmpty else {
            note(.error, location, "has no \(prefix)Name; left out")
            return nil
        }
        let metadata = value[prefix + "Metadata"]
        let metadataPrefix = prefix + "Metadata"
        var prompts: [String: IntentDefinition.Text] = [:]
        for prompt in value[prefix + "PromptDialogs"]?.arrayValue ?? [] {
            guard let kind = prompt[prefix + "PromptDialogType"]?.stringValue else { continue }
            let format = text(prompt, prefix + "PromptDialogFormatString")
            if !format.value.isEmpty { prompts[kind] = format }
        }
        let reasons = (value[prefix + "UnsupportedReasons"]?.arrayValue ?? []).compactMap { reason -> IntentDefinition.UnsupportedReason? in
            guard let code = reason[prefix + "UnsupportedReasonCode"]?.stringValue else { return nil }
            return IntentDefinition.UnsupportedReason(code: code, message: text(reason, prefix + "UnsupportedReasonFormatString"))
        }
        let defaultValue = metadata?[metadataPrefix + "DefaultValue"]
        return IntentDefinition.Parameter(
            name: name, title: text(value, prefix + "DisplayName"), type: value[prefix + "Type"]?.stringValue ?? "",
            objectType: value[prefix + "ObjectType"]?.stringValue,
            objectTypeIsSystem: value[prefix + "ObjectTypeNamespace"]?.stringValue == "System",
            enumType: value[prefix + "EnumType"]?.stringValue,
            isList: value[prefix + "SupportsMultipleValues"]?.boolValue ?? false,
            supportsResolution: value[prefix + "SupportsResolution"]?.boolValue ?? false,
            hasDynamicOptions: value[prefix + "SupportsDynamicEnumeration"]?.boolValue ?? false,
            supportsSearch: value[prefix + "SupportsSearch"]?.boolValue ?? false,
            prompts: prompts, unsupportedReasons: reasons,
            minimum: metadata?[metadataPrefix + "MinimumValue"]?.doubleValue,
            maximum: metadata?[metadataPrefix + "MaximumValue"]?.doubleValue,
            defaultValue: defaultValue?.stringValue ?? defaultValue?.doubleValue.map { String($0) }
                ?? defaultValue?.boolValue.map { String($0) },
            isBuiltIn: value[prefix + "Default"]?.boolValue ?? false)
    }

    private mutating func type(_ value: PropertyListValue, index: Int) -> IntentDefinition.CustomType? {
        guard let name = value["INTypeName"]?.stringValue, !name.isEmpty else {
            note(.error, "type #\(index + 1)", "has no INTypeName; left out")
            return nil
        }
        return IntentDefinition.CustomType(
            name: name, title: text(value, "INTypeDisplayName"),
            properties: (value["INTypeProperties"]?.arrayValue ?? []).enumerated().compactMap {
                parameter($1, prefix: "INTypeProperty", location: "type '\(name)', property #\($0 + 1)")
            })
    }

    private mutating func enumeration(_ value: PropertyListValue, index: Int) -> IntentDefinition.Enumeration? {
        guard let name = value["INEnumName"]?.stringValue, !name.isEmpty else {
            note(.error, "enum #\(index + 1)", "has no INEnumName; left out")
            return nil
        }
        let cases = (value["INEnumValues"]?.arrayValue ?? []).compactMap { item -> IntentDefinition.Enumeration.Case? in
            guard let caseName = item["INEnumValueName"]?.stringValue else { return nil }
            return IntentDefinition.Enumeration.Case(
                name: caseName, title: text(item, "INEnumValueDisplayName"),
                index: Int(item["INEnumValueIndex"]?.integerValue ?? 0))
        }
        return IntentDefinition.Enumeration(name: name, title: text(value, "INEnumDisplayName"), cases: cases)
    }
}

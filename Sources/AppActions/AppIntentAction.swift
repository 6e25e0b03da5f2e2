import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC

/// One app intent as an engine action: reads its parameters (keyed by Swift name) from the
/// shortcut, then drives Apple's lifecycle through the app's extension, asking the person
/// whatever the app needs.
struct AppIntentAction: Sendable {
    let manifest: AppManifest
    let metadata: ActionMetadata
    let host: ExtensionHost
    let environment: [String: String]

    /// The intent's type name: the identifier without the bundle identifier.
    var intentName: String { String(metadata.identifier.dropFirst(manifest.bundleIdentifier.count + 1)) }

    /// The definition the engine runs, its input parameter fed by the engine.
    var definition: ActionDefinition {
        ActionDefinition(metadata: metadata) { parameters in prepare(parameters, engineSuppliesInput: true) }
    }

    /// Reads the parameters' expressions once; the body evaluates them on each run.
    ///
    /// - Parameter engineSuppliesInput: whether the engine evaluates the input parameter (it does
    ///   when this metadata is the action's); otherwise the body does, or takes the previous output.
    func prepare(_ parameters: CompiledParameters, engineSuppliesInput: Bool) -> ActionBody {
        let inputName = metadata.inputParameter
        let expressions = metadata.parameters.compactMap { parameter -> (ParameterMetadata, ParameterExpression)? in
            if engineSuppliesInput, parameter.key == inputName { return nil }
            let expression = parameters[parameter.key]
            return expression.isAbsent ? nil : (parameter, expression)
        }
        let action = self
        return { input, run in
            let values = ParameterValues(
                action: action, prompter: run.environment.prompter, now: run.environment.now(),
                fileAccess: run.environment.fileAccess)
            var given: [String: Content] = [:]
            for (parameter, expression) in expressions {
                let content = try run.content(expression)
                if !content.isNothing { given[parameter.key] = try values.value(content, for: parameter) }
            }
            if let inputName, given[inputName] == nil, !input.isNothing, let parameter = action.metadata.parameter(inputName) {
                given[inputName] = try values.value(input, for: parameter)
            }
            return try IntentLifecycle(action: action, values: values, run: run).perform(with: given)
        }
    }

    /// A prepared action whose engine metadata isn't this one's (matched by `AppIntentDescriptor`).
    func prepareFromDescriptor(_ parameters: CompiledParameters) -> ActionBody {
        prepare(parameters, engineSuppliesInput: false)
    }

    /// The parameter's metadata, or an error naming the valid ones.
    func parameter(_ name: String) throws -> ParameterMetadata {
        guard let parameter = metadata.parameter(name) else {
            throw ActionFailure(
                "\(manifest.bundleIdentifier) asked about a parameter \(intentName) doesn't declare (it has \(metadata.parameters.map(\.key).joined(separator: ", ")))",
                parameter: name)
        }
        return parameter
    }

    /// The extension's failures, as the action's.
    func call<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as ExtensionError {
            if error.code == .cancelled { throw ActionFailure(error.message, code: .cancelled) }
            throw ActionFailure(error.message, underlying: error)
        }
    }
}

import Foundation
import ShortcutsContent
import ShortcutsRPC

/// Performs one intent call following Apple's lifecycle: resolve each parameter, check that the
/// required ones have values, perform, and turn what happened into a protocol outcome.
///
/// Every call starts from a fresh intent, so a request made inside `perform()` (a value, a
/// choice, a confirmation) is answered by calling again with the answer, and `perform()` runs
/// again from the top, as Apple's `restartPerform` does.
struct IntentPerformer {
    let catalog: IntentCatalog
    /// Whether the host handles the `choice` and `cancelled` outcomes (it said so in `initialize`);
    /// an older host gets a failure that says why instead.
    var hostHandlesChoices = true

    func perform(_ call: ExtensionProtocol.PerformParams) async throws(JSONRPC.ErrorObject) -> ExtensionProtocol.PerformResult {
        guard let type = catalog.intent(named: call.intent) else {
            let known = catalog.intents.map { String(describing: $0) }.joined(separator: ", ")
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.invalidParamsCode,
                message: "this app has no intent named '\(call.intent)' (it has: \(known))")
        }
        let intent = type.init()
        let parameters = IntentReflection.parameters(of: intent)
        let names = Set(parameters.map(\.name))
        if let unknown = call.parameters.keys.sorted().first(where: { !names.contains($0) }) {
            throw JSONRPC.ErrorObject(
                code: JSONRPC.ErrorObject.invalidParamsCode,
                message:
                    "the intent \(call.intent) has no parameter '\(unknown)' (it has: \(parameters.map(\.name).joined(separator: ", ")))")
        }
        // Queries asked while the values resolve see the intent as filled in so far.
        if let problem = await IntentBeingFilled.$current.withValue(intent, operation: { await resolve(parameters, from: call.parameters) })
        {
            return problem
        }
        let context = PerformContext(
            isConfirmed: call.confirmed, confirmedParameters: Set(call.confirmedParameters), isInteractive: call.isInteractive,
            choices: ChoiceAnswers(call.choices ?? []))
        var restarts = 0
        while true {
            context.choices.rewind()
            do {
                let result = try await PerformContext.$current.withValue(context) { try await intent.perform() }
                var success = Self.success(result, of: type)
                if context.continuesInForeground.isRequested { success.opensApp = true }
                return success
            } catch let error as AppIntentError {
                if case .restartPerform = error.kind, restarts < Self.restartLimit {
                    restarts += 1
                    continue
                }
                if case .continueInForeground(let dialog, let continuation) = error.kind {
                    // The app's own process runs the continuation (the running app, when it
                    // performed the intent), then the host opens the app.
                    do {
                        try await continuation?.run()
                    } catch {
                        return ExtensionProtocol.PerformResult(outcome: .failure, message: Self.message(of: error))
                    }
                    return ExtensionProtocol.PerformResult(outcome: .success, dialog: dialog?.full.key, opensApp: true)
                }
                return Self.outcome(of: error, hostHandlesChoices: hostHandlesChoices)
            } catch {
                return ExtensionProtocol.PerformResult(outcome: .failure, message: Self.message(of: error))
            }
        }
    }

    /// How many times `AppIntentError.restartPerform` runs `perform()` again before it is a failure.
    static let restartLimit = 3

    /// Sets each parameter from the call, and returns the first thing that keeps the intent from
    /// being performed, or nil when every required parameter has a usable value.
    private func resolve(
        _ parameters: [IntentReflection.Parameter], from values: [String: Content]
    ) async -> ExtensionProtocol.PerformResult? {
        for (name, parameter) in parameters.map({ ($0.name, $0.parameter) }) {
            if let content = values[name], !content.isNothing {
                do {
                    parameter.setValue(try await ValueCoding.decode(parameter.prepared(content), as: parameter.valueType))
                } catch ResolutionProblem.needsValue {
                    // Nothing usable was given: the check for required values below asks.
                } catch ResolutionProblem.disambiguation(let options) {
                    return ExtensionProtocol.PerformResult(
                        outcome: .disambiguation, parameter: name, dialog: "Which \(parameter.title.key.lowercased())?",
                        options: options)
                } catch ResolutionProblem.unsupported(let reason) {
                    return ExtensionProtocol.PerformResult(outcome: .unsupported, parameter: name, message: reason)
                } catch {
                    return ExtensionProtocol.PerformResult(outcome: .failure, parameter: name, message: Self.message(of: error))
                }
            }
            if let range = parameter.inclusiveRange,
                let outside = parameter.numericValues.first(where: { $0 < range.lowerBound || $0 > range.upperBound })
            {
                return ExtensionProtocol.PerformResult(
                    outcome: .unsupported, parameter: name,
                    message: "\(parameter.title.key) must be between \(NumberText.format(range.lowerBound)) and "
                        + "\(NumberText.format(range.upperBound)); \(NumberText.format(outside)) is outside")
            }
            if let problem = parameter.valueProblem {
                return ExtensionProtocol.PerformResult(outcome: .unsupported, parameter: name, message: problem)
            }
            if !parameter.hasValue && !ValueCoding.info(parameter.valueType).isOptional {
                return ExtensionProtocol.PerformResult(
                    outcome: .needsValue, parameter: name,
                    dialog: parameter.requestValueDialog?.full.key ?? "What’s the \(parameter.title.key.lowercased())?")
            }
        }
        return nil
    }

    private static func success<Intent: AppIntent>(_ result: some IntentResult, of type: Intent.Type) -> ExtensionProtocol.PerformResult {
        let contents = result as? any ResultContents
        let opensApp = contents?.openedIntent != nil || Intent.supportedModes.contains(.foreground(.deferred))
        return ExtensionProtocol.PerformResult(
            outcome: .success, dialog: contents?.dialogValue?.full.key, value: contents?.valueContent,
            opensApp: opensApp ? true : nil)
    }

    private static func outcome(of error: AppIntentError, hostHandlesChoices: Bool) -> ExtensionProtocol.PerformResult {
        switch error.kind {
        case .choice where !hostHandlesChoices:
            return ExtensionProtocol.PerformResult(
                outcome: .failure, message: "\(error.description), which this version of shortcuts can't ask; update shortcuts")
        case .userCancelled where !hostHandlesChoices:
            return ExtensionProtocol.PerformResult(outcome: .failure, message: error.description)
        case .needsValue(let parameter, let dialog):
            return ExtensionProtocol.PerformResult(outcome: .needsValue, parameter: parameter, dialog: dialog?.full.key)
        case .disambiguation(let parameter, let options, let dialog):
            return ExtensionProtocol.PerformResult(
                outcome: .disambiguation, parameter: parameter, dialog: dialog?.full.key, options: options)
        case .confirmationRequired(let parameter, let dialog):
            return ExtensionProtocol.PerformResult(
                outcome: .confirmationRequired, parameter: parameter, dialog: dialog?.full.key)
        case .unsupported(let parameter, let reason):
            return ExtensionProtocol.PerformResult(outcome: .unsupported, parameter: parameter, message: reason)
        case .choice(let options, let dialog):
            // Each option's value is its place in the intent's list; cancel options go last.
            let listed = options.indices.filter { options[$0].style != .cancel } + options.indices.filter { options[$0].style == .cancel }
            return ExtensionProtocol.PerformResult(
                outcome: .choice, dialog: dialog?.full.key,
                options: listed.map { index in
                    ExtensionProtocol.Option(
                        value: .number(Double(index)), title: options[index].title.key,
                        subtitle: options[index].style == .destructive ? "destructive" : nil)
                })
        case .userCancelled:
            return ExtensionProtocol.PerformResult(outcome: .cancelled, message: "the person cancelled")
        case .restartPerform, .continueInForeground:
            return ExtensionProtocol.PerformResult(outcome: .failure, message: error.description)
        }
    }

    /// The text people see for an error: its resource, its description, or how it prints.
    static func message(of error: any Error) -> String {
        if let convertible = error as? any CustomLocalizedStringResourceConvertible {
            return convertible.localizedStringResource.key
        }
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }
}

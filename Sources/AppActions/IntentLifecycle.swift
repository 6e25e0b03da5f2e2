import Foundation
import ShortcutsContent
import ShortcutsEngine
import ShortcutsRPC

/// Apple's resolve → confirm → perform lifecycle, seen from the host: call `intent.perform`, and
/// while the app needs something (a value, a choice, a confirmation) ask the person and call
/// again with the answer.
///
/// With ``NoInteraction`` every question is an error naming the action's parameter; a declined
/// confirmation cancels the run. The rounds are bounded, so an app that keeps asking can't loop.
struct IntentLifecycle {
    let action: AppIntentAction
    let values: ParameterValues
    let run: RunContext

    /// How many times the app may ask before the host gives up.
    static let maximumRounds = 16

    /// Performs the intent with the given parameter values; returns its output.
    func perform(with given: [String: Content]) throws -> Content {
        let prompter = run.environment.prompter
        var params = ExtensionProtocol.PerformParams(
            intent: action.intentName, parameters: given, isInteractive: !(prompter is NoInteraction))
        let app = action.manifest.name
        for _ in 0..<Self.maximumRounds {
            let result = try action.call { try action.host.perform(action.manifest, params, cancellation: run.cancellation) }
            switch result.outcome {
            case .success:
                return finish(result, params: params)
            case .needsValue:
                let parameter = try action.parameter(try asked(result))
                params.parameters[parameter.key] = try ask(for: parameter, dialog: result.dialog, given: params.parameters)
            case .disambiguation:
                let parameter = try action.parameter(try asked(result))
                let options = result.options ?? []
                guard !options.isEmpty else {
                    throw ActionFailure("\(app) asked to choose a value but offered no choices", parameter: parameter.key)
                }
                params.parameters[parameter.key] = try choose(among: options, for: parameter, dialog: result.dialog)
            case .confirmationRequired:
                let question = result.dialog ?? confirmationQuestion(result.parameter, params: params)
                let isConfirmed = try naming(result.parameter) {
                    try prompter.confirm(title: question, message: "", allowsCancel: true)
                }
                guard isConfirmed else {
                    throw ActionFailure("\(action.metadata.title) was not confirmed", parameter: result.parameter, code: .cancelled)
                }
                if let parameter = result.parameter { params.confirmedParameters.append(parameter) } else { params.confirmed = true }
            case .choice:
                params.choices = (params.choices ?? []) + [try choose(among: result.options ?? [], dialog: result.dialog)]
            case .cancelled:
                throw ActionFailure(
                    "\(action.metadata.title) was cancelled: \(result.message ?? "the person cancelled")", parameter: result.parameter,
                    code: .cancelled)
            case .unsupported:
                throw ActionFailure(result.message ?? "\(app) can't use this value", parameter: result.parameter)
            case .failure:
                throw ActionFailure(result.message ?? "\(app) failed without saying why", parameter: result.parameter)
            }
        }
        throw ActionFailure("\(app) was still asking questions after \(Self.maximumRounds) rounds; gave up")
    }

    /// The parameter a result is about; an app that doesn't say breaks the protocol.
    private func asked(_ result: ExtensionProtocol.PerformResult) throws -> String {
        guard let parameter = result.parameter else {
            throw ActionFailure("\(action.manifest.name) answered \(result.outcome.rawValue) without naming a parameter")
        }
        return parameter
    }

    /// Asks for a parameter's value: a choice for enumerations and parameters with options, text otherwise.
    private func ask(for parameter: ParameterMetadata, dialog: String?, given: [String: Content]) throws -> Content {
        let question = dialog ?? parameter.requestValueDialog ?? "\(parameter.title)?"
        if parameter.type == .enumeration, !parameter.options.isEmpty {
            let options = zip(parameter.options, values.caseTitles(for: parameter)).map {
                ExtensionProtocol.Option(value: .text($0.0), title: $0.1)
            }
            return try choose(among: options, for: parameter, dialog: question)
        }
        if parameter.type == .entity || parameter.hasDynamicOptions == true, let options = try offeredOptions(for: parameter, given: given),
            !options.isEmpty
        {
            return try choose(among: options, for: parameter, dialog: question)
        }
        let answer = try naming(parameter.key) {
            try run.environment.prompter.ask(question, defaultAnswer: parameter.defaultValue, inputType: Self.inputType(of: parameter))
        }
        guard !answer.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ActionFailure("no value was given", parameter: parameter.key)
        }
        return try values.value(.text(answer), for: parameter)
    }

    /// The app's choices for a parameter, given the other parameters' values so far (options may
    /// depend on them: `@IntentParameterDependency`); `nil` when its extension doesn't offer any.
    private func offeredOptions(for parameter: ParameterMetadata, given: [String: Content]) throws -> [ExtensionProtocol.Option]? {
        do {
            return try action.host.options(
                action.manifest, ExtensionProtocol.OptionsParams(intent: action.intentName, parameter: parameter.key, parameters: given))
        } catch  where error.code == .remoteError {
            return nil
        } catch {
            throw ActionFailure(error.message, parameter: parameter.key, underlying: error)
        }
    }

    private func choose(among options: [ExtensionProtocol.Option], for parameter: ParameterMetadata, dialog: String?) throws -> Content {
        let titles = options.map { option in option.subtitle.map { "\(option.title) — \($0)" } ?? option.title }
        let chosen = try naming(parameter.key) {
            try run.environment.prompter.choose(dialog ?? "Choose \(parameter.title)", options: titles, multiple: false)
        }
        guard let index = chosen.first, options.indices.contains(index) else {
            throw ActionFailure("nothing was chosen", parameter: parameter.key, code: .cancelled)
        }
        return options[index].value
    }

    /// Asks the person to choose among the options an intent offers while it performs
    /// (`requestChoice`); gives the chosen option's place in the intent's list.
    private func choose(among options: [ExtensionProtocol.Option], dialog: String?) throws -> Int {
        let app = action.manifest.name
        guard !options.isEmpty else { throw ActionFailure("\(app) asked for a choice but offered no options") }
        let titles = options.map { option in option.subtitle == "destructive" ? "\(option.title) (destructive)" : option.title }
        let chosen = try run.environment.prompter.choose(dialog ?? "\(action.metadata.title): choose one", options: titles, multiple: false)
        guard let index = chosen.first, options.indices.contains(index) else {
            throw ActionFailure("nothing was chosen", code: .cancelled)
        }
        guard case .number(let position) = options[index].value, let place = Int(exactly: position) else {
            throw ActionFailure("\(app) offered a choice whose value isn't its place in the list")
        }
        return place
    }

    private func confirmationQuestion(_ parameter: String?, params: ExtensionProtocol.PerformParams) -> String {
        guard let parameter, let metadata = action.metadata.parameter(parameter) else {
            return "Run \(action.metadata.title)?"
        }
        let value = params.parameters[parameter].map { "\"\($0.text)\"" } ?? "this value"
        return "Use \(value) for \(metadata.title)?"
    }

    /// Shows the result's dialog, opens the app when the intent continues there, and gives the value.
    private func finish(_ result: ExtensionProtocol.PerformResult, params: ExtensionProtocol.PerformParams) -> Content {
        if let dialog = result.dialog, !dialog.isEmpty { run.environment.show(dialog) }
        if AppLauncher.shouldOpenApp(for: action.metadata, result: result) {
            // A running app is handed the continuation; otherwise the app is started with it.
            let continuation = ExtensionProtocol.ContinueParams(intent: action.intentName, parameters: params.parameters, result: result)
            if action.host.isAttached(action.manifest.bundleIdentifier),
                (try? action.host.call(
                    action.manifest, method: ExtensionProtocol.Method.continueInApp, params: continuation,
                    as: JSONRPC.Empty.self, activity: "continuing \(action.intentName) in the app")) != nil
            {
                return result.value ?? .nothing
            }
            let launcher = AppLauncher(manifest: action.manifest, environment: action.environment)
            if let problem = launcher.continueInApp(intent: action.intentName, parameters: params.parameters, result: result) {
                run.environment.notify("Couldn't open \(action.manifest.name)", problem)
            }
        }
        return result.value ?? .nothing
    }

    /// Shortcuts' `WFInputType` for a parameter, which tells a prompter what to expect.
    static func inputType(of parameter: ParameterMetadata) -> String {
        switch parameter.type {
        case .number, .integer, .duration: return "Number"
        case .date: return "Date"
        case .url: return "URL"
        default: return "Text"
        }
    }
}

import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Speak Text and Get Device Details: actions that ask this machine itself.
enum DeviceActions {
    static let all: [ActionDefinition] = [speakText, deviceDetails]

    /// The speech programs tried in order, and how each takes a rate and a language.
    static let speechPrograms = ["espeak-ng", "espeak", "spd-say"]

    static let speakText = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.speaktext", title: "Speak Text",
            description: "Speaks text aloud with espeak-ng, espeak or spd-say, whichever is installed.",
            parameters: [
                ParameterMetadata(key: "WFText", title: "Text", type: .text, isRequired: true),
                ParameterMetadata(key: "WFSpeakTextWait", title: "Wait Until Finished", type: .boolean, defaultValue: "true"),
                ParameterMetadata(
                    key: "WFSpeakTextRate", title: "Rate", description: "0 to 1; 0.5 is normal speed.", type: .number, minimum: 0,
                    maximum: 1),
                ParameterMetadata(key: "WFSpeakTextLanguage", title: "Language", description: "e.g. en-US", type: .text),
            ],
            inputParameter: "WFText", isReadOnly: false, keywords: ["say", "voice", "tts"]),
        passesInputThrough: true
    ) { parameters in
        let rate = parameters["WFSpeakTextRate"]
        let language = parameters["WFSpeakTextLanguage"]
        return { input, run in
            let path = run.environment.variables["PATH"]
            guard
                let (name, program) = speechPrograms.lazy.compactMap({ name in run.findProgram(name, path: path).map { (name, $0) } })
                    .first
            else {
                throw ActionFailure("no speech program found: install espeak-ng (or espeak, or speech-dispatcher for spd-say)")
            }
            var arguments: [String] = []
            let rateValue = try run.boundedNumber(rate, parameter: "WFSpeakTextRate", in: 0...1, default: nil)
            let languageValue = try run.text(language).flatMap { $0.isEmpty ? nil : $0 }
            if name == "spd-say" {
                arguments += ["--wait"]
                if let rateValue { arguments += ["-r", String(Int((rateValue - 0.5) * 200))] }
                if let languageValue { arguments += ["-l", languageValue] }
            } else {
                if let rateValue { arguments += ["-s", String(Int(80 + rateValue * 240))] }
                if let languageValue { arguments += ["-v", languageValue.lowercased()] }
            }
            let outcome: ProgramOutcome
            do {
                outcome = try run.runProgram(program, arguments: arguments + ["--", input.text])
            } catch {
                throw ActionFailure("can't start \(program): \(error.localizedDescription)", underlying: error)
            }
            guard outcome.status == 0 else {
                throw ActionFailure("\(name) failed with status \(outcome.status): \(outcome.errorText.prefix(500))")
            }
            return input
        }
    }

    static let deviceDetails = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getdevicedetails", title: "Get Device Details",
            description:
                "Gets a detail of this computer: its name (host name), model (machine architecture), system name and version (from /etc/os-release).",
            parameters: [.option("WFDeviceDetail", title: "Detail", default: Detail.deviceName)],
            outputType: "Text", outputName: "Device Details", keywords: ["hostname", "os", "version", "model"])
    ) { parameters in
        let detail = OptionParameter(parameters, "WFDeviceDetail", default: Detail.deviceName)
        return { _, run in
            let detail = try detail.value(in: run)
            let provided = run.environment.deviceDetails(detail.rawValue)
            if !provided.isNothing { return provided }
            switch detail {
            case .screenWidth, .screenHeight:
                throw ActionFailure("the screen size isn't known on Linux without a desktop session", parameter: "WFDeviceDetail")
            default:
                throw ActionFailure("this run's environment gives no \(detail.rawValue)", parameter: "WFDeviceDetail")
            }
        }
    }

    /// `WFDeviceDetail`'s values, each read from the run's ``RunEnvironment/deviceDetails``.
    enum Detail: String, CaseIterable, ParameterOption {
        case deviceName = "Device Name", deviceHostname = "Device Hostname", deviceModel = "Device Model"
        case deviceType = "Device Type", systemVersion = "System Version", systemName = "System Name"
        case screenWidth = "Screen Width", screenHeight = "Screen Height"
    }
}

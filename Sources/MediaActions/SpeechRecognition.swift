import ActionSupport
import CMediaLoaders
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Transcribe Audio through PocketSphinx (libpocketsphinx3, with Debian's US English model in
/// pocketsphinx-en-us), loaded on first use; the audio is first decoded to 16 kHz mono by
/// ffmpeg. It runs offline, and is far less accurate than Apple's: good for clear speech and
/// keywords, not for dictation.
enum SpeechRecognition {
    static let all: [ActionDefinition] = [transcribe]

    static let transcribe = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.ShortcutsActions.TranscribeAudioAction", title: "Transcribe Audio",
            description:
                "Writes down the words spoken in the audio, offline, with PocketSphinx's US English model (clear speech works best).",
            parameters: [ParameterMetadata(key: "audio", title: "Audio", type: .file, isRequired: true)],
            inputParameter: "audio", outputType: "Text", outputName: "Transcript", keywords: ["speech", "dictation", "voice", "words"])
    ) { _ in
        { input, run in
            let model = try Self.model(run)
            let tools = try MediaEncodingActions.tools(run)
            let folder = try run.scratchFolder("media")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            return Content(
                items: try input.items.map { item in
                    let (path, file) = try MediaEncodingActions.inputPath(item, folder: folder, run: run, parameter: "audio")
                    let probe = try MediaEncodingActions.probe(path, tools: tools, run: run, parameter: "audio")
                    guard probe.hasAudio else { throw ActionFailure("\(file.name) has no sound in it", parameter: "audio") }
                    let decoded = try run.runProgram(
                        tools.ffmpeg,
                        arguments: [
                            "-hide_banner", "-nostdin", "-loglevel", "error", "-i", path, "-vn", "-ac", "1", "-ar", "16000", "-f", "s16le",
                            "-",
                        ],
                        environment: run.environment.variables)
                    try decoded.throwIfCancelled()
                    guard decoded.status == 0 else {
                        throw ActionFailure("ffmpeg could not decode \(file.name): \(decoded.errorText.prefix(300))", parameter: "audio")
                    }
                    let samples = decoded.standardOutput.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
                    return .text(try words(in: samples, model: model, parameter: "audio"))
                })
        }
    }

    /// PocketSphinx's model folder (`SHORTCUTS_POCKETSPHINX_MODEL`, else Debian's US English), with
    /// the library loaded; a failure names the package that is missing.
    static func model(_ run: RunContext) throws -> String {
        try LibraryLoading.load(sspeechrec_load)
        let model = run.environment.variables["SHORTCUTS_POCKETSPHINX_MODEL"] ?? "/usr/share/pocketsphinx/model/en-us"
        guard LocalFiles.exists(model + "/en-us").isFolder else {
            throw ActionFailure("PocketSphinx's English model is not installed in \(model) (apt-get install pocketsphinx-en-us)")
        }
        return model
    }

    /// The words in 16 kHz mono audio, the utterances joined by spaces.
    static func words(in samples: [Int16], model: String, parameter: String?) throws -> String {
        var reason = [CChar](repeating: 0, count: 512)
        let heard = samples.withUnsafeBufferPointer {
            sspeechrec_transcribe(
                $0.baseAddress, $0.count, model + "/en-us", model + "/en-us.lm.bin", model + "/cmudict-en-us.dict", &reason, reason.count)
        }
        guard let heard else { throw ActionFailure(LibraryLoading.message(reason), parameter: parameter) }
        defer { free(heard) }
        return String(cString: heard).split(separator: "\n").joined(separator: " ")
    }
}

import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Dictate Text: the default microphone recorded by the sound server's recorder (as Record
/// Audio does) and written down by PocketSphinx (as Transcribe Audio does). It stops listening
/// when the person has spoken and then paused (two seconds, or three quarters of a second for a
/// short pause, judged by the loudness of each 30 ms against the quietest so far), or when they
/// say stop on a terminal (On Tap), and after a minute at most.
enum DictationActions {
    static let all: [ActionDefinition] = [dictate]

    /// The longest dictation, in seconds.
    static let longest = 60.0
    static let rate = 16_000

    /// Follows the loudness of what is recorded, 30 ms at a time: whether the person has spoken,
    /// and how long they have been quiet since.
    struct PauseDetector {
        let pause: Double
        private var quietest = Double.infinity
        private var spoke = false
        private var quietFrames = 0
        private var pending: [Int16] = []
        static let frame = DictationActions.rate * 3 / 100

        init(pause: Double) { self.pause = pause }

        /// Takes new samples; true once the person has spoken and then paused long enough.
        mutating func paused(after samples: [Int16]) -> Bool {
            pending += samples
            while pending.count >= Self.frame {
                let window = pending.prefix(Self.frame)
                pending.removeFirst(Self.frame)
                let energy = (window.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(Self.frame)).squareRoot()
                quietest = min(quietest, max(energy, 30))
                // Speech is well above the room's own noise, and above a floor for digital silence.
                if energy > max(quietest * 4, 300) {
                    spoke = true
                    quietFrames = 0
                } else if spoke {
                    quietFrames += 1
                }
            }
            return spoke && Double(quietFrames * Self.frame) / Double(DictationActions.rate) >= pause
        }
    }

    /// The 16-bit samples of a WAV file's `data` chunk (all that follows it while it is still
    /// being written, when its size says 0 or more than there is).
    static func samples(ofWAV data: Data) -> [Int16] {
        var offset = 12
        while offset + 8 <= data.count {
            let name = String(decoding: data[data.startIndex + offset..<data.startIndex + offset + 4], as: UTF8.self)
            let size = data[data.startIndex + offset + 4..<data.startIndex + offset + 8].enumerated().reduce(0) {
                $0 | Int($1.element) << (8 * $1.offset)
            }
            let start = offset + 8
            if name == "data" {
                let end = size == 0 || start + size > data.count ? data.count : start + size
                let bytes = data[data.startIndex + start..<data.startIndex + end]
                return bytes.prefix(bytes.count - bytes.count % 2).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
                    .map { Int16(littleEndian: $0) }
            }
            offset = start + size + size % 2
        }
        return []
    }

    static let dictate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.dictatetext", title: "Dictate Text",
            description:
                "Listens to the microphone and writes down what is said, offline with PocketSphinx's US English model; stops after a pause, or when told on a terminal (On Tap).",
            parameters: [
                ParameterMetadata(key: "WFSpeechLanguage", title: "Language", type: .text, defaultValue: "en-US"),
                ParameterMetadata(
                    key: "WFDictateTextStopListening", title: "Stop Listening", type: .enumeration,
                    options: ["After Pause", "After Short Pause", "On Tap"], defaultValue: "After Pause"),
            ],
            outputType: "Text", outputName: "Dictated Text", keywords: ["speech", "voice", "listen", "microphone"])
    ) { parameters in
        let (languageExpression, stopExpression) = (parameters["WFSpeechLanguage"], parameters["WFDictateTextStopListening"])
        return { _, run in
            let language = (try run.text(languageExpression) ?? "").trimmingCharacters(in: .whitespaces)
            guard language.isEmpty || language.lowercased().hasPrefix("en") else {
                throw ActionFailure(
                    "only US English can be dictated here (Debian has PocketSphinx's US English model only), not \(language.debugDescription)",
                    parameter: "WFSpeechLanguage")
            }
            let stop = try run.text(stopExpression) ?? "After Pause"
            let pause: Double?
            switch stop.lowercased() {
            case "after pause": pause = 2
            case "after short pause": pause = 0.75
            case "on tap": pause = nil
            default:
                throw ActionFailure(
                    "Stop Listening is After Pause, After Short Pause or On Tap, not \(stop.debugDescription)",
                    parameter: "WFDictateTextStopListening")
            }
            let model = try SpeechRecognition.model(run)
            let recording = try AudioRecording(rate: rate, run: run)
            defer { try? FileManager.default.removeItem(atPath: recording.path) }
            let deadline = ContinuousClock.now + .seconds(longest)
            if let pause {
                var detector = PauseDetector(pause: pause)
                var offset = 0
                while ContinuousClock.now < deadline, !run.cancellation.isCancelled, recording.isRunning {
                    usleep(100_000)
                    let (new, next) = recording.samples(after: offset)
                    offset = next
                    if detector.paused(after: new) { break }
                }
            } else {
                _ = try? run.environment.prompter.confirm(
                    title: "Dictating", message: "Choose OK when you have finished speaking.", allowsCancel: false)
            }
            recording.stop()
            if run.cancellation.isCancelled { throw ActionFailure("the run was stopped", code: .cancelled) }
            let samples = samples(ofWAV: FileManager.default.contents(atPath: recording.path) ?? Data())
            guard !samples.isEmpty else {
                throw ActionFailure("\(recording.recorder) recorded nothing: is there a microphone, and a sound server running?")
            }
            return .text(try SpeechRecognition.words(in: samples, model: model, parameter: nil))
        }
    }
}

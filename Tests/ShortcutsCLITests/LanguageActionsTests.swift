import Foundation
import ShortcutsTestSupport
import Testing

/// Correct Spelling (hunspell), Detect Language (libexttextcat) and Make Spoken Audio from Text
/// (espeak-ng) through the built `shortcuts`; the audio is read back with Python's `wave`.
@Suite(.serialized) struct LanguageActionsTests {
    let runner: CommandRunner

    init() throws {
        runner = try CommandRunner()
    }

    func run(_ source: String, input: String, output: String? = nil) throws -> CommandResult {
        let file = try runner.write(Data("\(source)\n".utf8), to: "shortcut-\(UUID().uuidString).sct")
        return try runner.run(["run", file] + (output.map { ["-o", $0] } ?? []), input: Data(input.utf8))
    }

    func text(_ source: String, input: String) throws -> String {
        let result = try run(source, input: input)
        #expect(result.status == 0, "\(source): \(result.error)")
        return result.output.trimmingCharacters(in: .newlines)
    }

    @Test func misspelledWordsAreCorrectedAndTheRestKept() throws {
        let corrected = try text("CorrectSpelling ShortcutInput", input: "Teh result is definately here; I recieve it. Recieve mail!")
        #expect(corrected == "The result is definitely here; I receive it. Receive mail!", "\(corrected)")
        let fine = "Nothing here is wrong, 42 times over."
        #expect(try text("CorrectSpelling ShortcutInput", input: fine) == fine)
    }

    @Test func theLanguageOfTextIsItsCode() throws {
        let samples = [
            ("en", "The quick brown fox jumps over the lazy dog and keeps running into the forest"),
            ("de", "Der schnelle braune Fuchs springt über den faulen Hund und läuft weiter in den Wald"),
            ("fr", "Le renard brun rapide saute par-dessus le chien paresseux et court dans la forêt"),
            ("es", "El rápido zorro marrón salta sobre el perro perezoso y sigue corriendo hacia el bosque"),
        ]
        for (code, sentence) in samples {
            #expect(try text("DetectLanguage ShortcutInput", input: sentence) == code, "\(sentence)")
        }
    }

    /// Channels, bytes a sample, rate, seconds and loudness (RMS) of a WAV file.
    func wave(_ path: String) throws -> [Double] {
        let script = """
            import sys, wave, array, math
            w = wave.open(sys.argv[1])
            frames = array.array('h', w.readframes(w.getnframes()))
            rms = math.sqrt(sum(s * s for s in frames) / max(len(frames), 1))
            print(w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes() / w.getframerate(), rms)
            """
        let result = try ProcessRun.run("/usr/bin/python3", ["-c", script, path])
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func spokenAudioIsAWaveOfTheText() throws {
        let normal = runner.directory.path + "/normal.wav"
        #expect(try run("MakeSpokenAudioFromText ShortcutInput", input: "Hello from the shortcuts on Linux", output: normal).status == 0)
        let heard = try wave(normal)
        #expect(heard.count == 5 && heard[0] == 1 && heard[1] == 2 && heard[2] == 22_050, "\(heard)")
        #expect(heard.count == 5 && heard[3] > 1 && heard[4] > 100, "seconds of sound, not silence: \(heard)")
        let fast = runner.directory.path + "/fast.wav"
        #expect(
            try run("MakeSpokenAudioFromText ShortcutInput, rate: 1", input: "Hello from the shortcuts on Linux", output: fast).status == 0)
        let quick = try wave(fast)
        #expect(quick.count == 5 && heard.count == 5 && quick[3] < heard[3] / 2, "the fastest rate takes under half as long: \(quick[3]) s")
        let german = runner.directory.path + "/german.wav"
        let spoken = try run("MakeSpokenAudioFromText ShortcutInput, language: \"de-AT\"", input: "Guten Tag", output: german)
        #expect(spoken.status == 0, "a region without a voice of its own speaks its language: \(spoken.error)")
        let unknown = try run("MakeSpokenAudioFromText ShortcutInput, voice: \"no such voice\"", input: "x")
        #expect(unknown.status == 1 && unknown.error.contains("WFSpeakTextVoice") && unknown.error.contains("no voice"), "\(unknown.error)")
    }

    @Test func aMissingLibraryNamesItsPackages() throws {
        runner.extraEnvironment["SHORTCUTS_LIBHUNSPELL"] = "libhunspell-hidden-for-the-test.so"
        runner.extraEnvironment["SHORTCUTS_LIBEXTTEXTCAT"] = "libexttextcat-hidden-for-the-test.so"
        runner.extraEnvironment["SHORTCUTS_LIBESPEAK_NG"] = "libespeak-hidden-for-the-test.so"
        let spelling = try run("CorrectSpelling ShortcutInput", input: "Teh")
        #expect(spelling.status == 1 && spelling.error.contains("apt-get install libhunspell-1.7-0 hunspell-en-us"), "\(spelling.error)")
        let language = try run("DetectLanguage ShortcutInput", input: "Hello there")
        #expect(
            language.status == 1 && language.error.contains("apt-get install libexttextcat-2.0-0 libexttextcat-data"), "\(language.error)")
        let speech = try run("MakeSpokenAudioFromText ShortcutInput", input: "Hello")
        #expect(speech.status == 1 && speech.error.contains("apt-get install libespeak-ng1 espeak-ng-data"), "\(speech.error)")
    }
}

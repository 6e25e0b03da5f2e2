import Foundation
import ShortcutsTestSupport
import Testing

/// Transcribe Audio through the built `shortcuts` and PocketSphinx, on the recording Debian's
/// pocketsphinx-testdata ships ("go forward ten meters"), as WAV and as AAC that ffmpeg makes.
@Suite(.serialized) struct TranscribeAudioTests {
    let runner: CommandRunner
    static let recording = "/usr/share/pocketsphinx/test/data/goforward.raw"

    init() throws {
        runner = try CommandRunner()
    }

    /// The recording, made into a file of `name`'s kind by ffmpeg.
    func recording(as name: String) throws -> String {
        let path = runner.directory.path + "/" + name
        let made = try ProcessRun.run(
            "/usr/bin/ffmpeg",
            ["-hide_banner", "-loglevel", "error", "-y", "-f", "s16le", "-ar", "16000", "-ac", "1", "-i", Self.recording, path])
        #expect(made.status == 0, "\(made.error)")
        return path
    }

    func transcribe(_ path: String) throws -> CommandResult {
        let file = try runner.write(
            Data("@input file\ncom.apple.ShortcutsActions.TranscribeAudioAction audio: ShortcutInput\n".utf8), to: "transcribe.sct")
        return try runner.run(["run", file, "-i", path, "--allow-reading", runner.directory.path])
    }

    @Test func theWordsSpokenAreWrittenDown() throws {
        for name in ["goforward.wav", "goforward.m4a"] {
            let result = try transcribe(try recording(as: name))
            #expect(result.status == 0 && result.output == "go forward ten meters\n", "\(name): \(result.output) \(result.error)")
        }
    }

    @Test func whatIsNotSpeechSaysWhy() throws {
        let silentVideo = runner.directory.path + "/silent.mp4"
        let made = try ProcessRun.run(
            "/usr/bin/ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:duration=1", "-pix_fmt", "yuv420p",
                silentVideo,
            ])
        #expect(made.status == 0, "\(made.error)")
        let soundless = try transcribe(silentVideo)
        #expect(
            soundless.status == 1 && soundless.error.contains("has no sound in it") && soundless.error.contains("audio"),
            "\(soundless.error)")
        let wav = try recording(as: "again.wav")
        runner.extraEnvironment["SHORTCUTS_POCKETSPHINX_MODEL"] = "/nonexistent"
        let noModel = try transcribe(wav)
        #expect(noModel.status == 1 && noModel.error.contains("apt-get install pocketsphinx-en-us"), "\(noModel.error)")
        runner.extraEnvironment["SHORTCUTS_LIBPOCKETSPHINX"] = "libpocketsphinx-hidden-for-the-test.so"
        let noLibrary = try transcribe(wav)
        #expect(
            noLibrary.status == 1 && noLibrary.error.contains("apt-get install libpocketsphinx3 pocketsphinx-en-us"), "\(noLibrary.error)")
    }
}

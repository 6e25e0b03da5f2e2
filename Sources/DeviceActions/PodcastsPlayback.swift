import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Podcasts app's Play or Pause Episode, through the media player (MPRIS): an episode given
/// (from Get Episodes of Podcast) is opened in the player; without one, the player plays or pauses.
enum PodcastsPlayback {
    static var all: [ActionDefinition] {
        var definition = playPause
        definition.metadata.app = "Podcasts"
        return [definition]
    }

    static let playPause = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.podcasts.PlayPauseWidgetIntent", title: "Play or Pause Episode",
            description:
                "Plays an episode's audio in the media player (MPRIS OpenUri), or, with no episode, plays or pauses what the player has.",
            parameters: [
                ParameterMetadata(key: "episode", title: "Episode", type: .content),
                ParameterMetadata(
                    key: "episodePlaylist", title: "Playlist", type: .enumeration,
                    options: ["downloaded", "latestEpisodes", "listenNow", "saved"]),
                ParameterMetadata(key: "playbackAccountDSID", title: "Account", type: .text),
            ],
            isReadOnly: false, keywords: ["podcast", "play", "pause", "mpris"]
        ).needing(.mediaPlayer),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let client = try ServiceClient(.mediaPlayer, for: run)
            let name = try MediaControlActions.currentPlayer(client)
            let episode = try run.content(parameters["episode"])
            guard !episode.isNothing else {
                _ = try client.call(MediaControlActions.objectPath, MediaControlActions.player, "PlayPause", destination: name)
                return input
            }
            guard case .entity(let entity) = episode.items.first ?? .nothing, let audio = entity.properties["Media URL"]?.url else {
                throw ActionFailure(
                    "\(episode.quotedForError) is not a podcast episode with audio (Get Episodes of Podcast gives them)",
                    parameter: "episode")
            }
            _ = try client.call(
                MediaControlActions.objectPath, MediaControlActions.player, "OpenUri", [.string(audio.absoluteString)], destination: name)
            return input
        }
    }
}

import { useState } from "react";
import { youtubeEmbedUrl, youtubeId, youtubeWatchUrl } from "~/utils/video";

/**
 * A listing's video (issue 23): nothing is asked of YouTube until the visitor presses play — then the
 * player, from YouTube's privacy-enhanced host, takes the box. Without JavaScript the same box is a
 * plain link to the video on YouTube.
 */
export function ListingVideo({ video, titulo }: { video: string | null; titulo: string }) {
  const [playing, setPlaying] = useState(false);
  const id = video ? youtubeId(video) : null;
  if (!id) return null;
  return (
    <section aria-labelledby="video" className="imovel-section imovel-video">
      <h2 id="video">Vídeo</h2>
      <div className="video-box">
        {playing ? (
          <iframe title={`Vídeo: ${titulo}`} src={youtubeEmbedUrl(id)} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" width="560" height="315" />
        ) : (
          <a
            href={youtubeWatchUrl(id)}
            className="video-play"
            target="_blank"
            rel="noopener noreferrer"
            onClick={(e) => {
              e.preventDefault();
              setPlaying(true);
            }}
          >
            <span aria-hidden="true" className="video-icon" />
            Assistir ao vídeo
          </a>
        )}
      </div>
    </section>
  );
}

/** What /api/enviar_foto answers for a stored photo. */
export type Sent = { img: string; token: string };

/**
 * Sends one file to `url` as multipart `img`, reporting the bytes sent. XMLHttpRequest, because
 * fetch cannot report an upload's progress. `abort` cancels it; the promise then rejects with
 * an AbortError.
 */
export function sendFile(url: string, file: File, onProgress: (loaded: number, total: number) => void) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Sent>((resolve, reject) => {
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded, e.total);
    xhr.onload = () => {
      const body = xhr.response as (Partial<Sent> & { error?: string }) | null;
      if (xhr.status === 201 && body?.token && body.img) resolve({ img: body.img, token: body.token });
      else reject(new Error(body?.error ?? `o servidor respondeu ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error("a conexão caiu durante o envio"));
    xhr.onabort = () => reject(new DOMException("cancelado", "AbortError"));
    const body = new FormData();
    body.append("img", file);
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Reads a password: a hidden prompt on a terminal, else the first line of piped stdin. */
export async function readPassword(question: string): Promise<string> {
  return process.stdin.isTTY ? hiddenPrompt(question) : firstLineOfStdin();
}

async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

function hiddenPrompt(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (result: string | Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (data: string) => {
      for (const char of data) {
        if (char === '\r' || char === '\n') return finish(value);
        if (char === '\u0003') return finish(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}

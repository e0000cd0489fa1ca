/** The parts of proxy-addr (Express's own dependency) the server uses: see server/http/public-origin.ts. */
declare module 'proxy-addr' {
  type Trust = (address: string, hop: number) => boolean;
  type AddressedRequest = {
    headers: { 'x-forwarded-for'?: string | string[] };
    socket: { remoteAddress?: string };
  };
  function proxyaddr(req: AddressedRequest, trust: Trust): string | undefined;
  namespace proxyaddr {
    function compile(list: string[]): Trust;
  }
  export = proxyaddr;
}

/** The preview on ports none of whose defaults another preview holds. */
const OTHER_PORTS = 'PORT=3001 SES_PORT=8015 DYNAMODB_PORT=8016 npm start';

/** A host or port that cannot be listened on; its message is one line naming the setting. */
export class ListenError extends Error {
  override readonly name = 'ListenError';

  static portInUse(setting: string, port: number): ListenError {
    return new ListenError(`${setting} ${port} cannot be listened on (is another server using it, another npm start perhaps?): stop it, or move the preview's ports, as in ${OTHER_PORTS}`);
  }

  static foreignHost(host: string, code: string | undefined): ListenError {
    return new ListenError(`HOST ${host} cannot be listened on: it is not a name or address of this machine (${code})`);
  }
}

import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { type RpcConnectionEvent, RpcExtensionUI } from 'rpc-ui-kit';
import 'rpc-ui-kit/define.js';

// A typed React component for the tag: its properties are props, its events `on…` props.
const ExtensionUI = createComponent({
  react: React,
  tagName: 'rpc-extension-ui',
  elementClass: RpcExtensionUI,
  events: { onConnection: 'rpc-connection' as EventName<RpcConnectionEvent> },
});

const url = new URLSearchParams(location.search).get('ws') ?? 'ws://127.0.0.1:5178/rpc';

function App() {
  const ui = React.useRef<RpcExtensionUI>(null);
  const [connected, setConnected] = React.useState(false);
  const send = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('message') as HTMLTextAreaElement;
    ui.current?.controller.send({ type: 'prompt', message: field.value });
    field.value = '';
  };
  return (
    <ExtensionUI
      ref={ui}
      url={url}
      editorTarget="#message"
      titleTarget="document"
      onConnection={(event) => setConnected(event.detail.state === 'connected')}
    >
      <form onSubmit={send}>
        <textarea id="message" name="message" aria-label="Message" rows={3} />
        <button type="submit" disabled={!connected}>
          Send
        </button>
      </form>
    </ExtensionUI>
  );
}

createRoot(document.getElementById('app') as HTMLElement).render(<App />);

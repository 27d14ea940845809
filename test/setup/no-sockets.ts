import net from 'node:net';

// The unit tier is pure and in-process: a unit test file that listens or connects belongs in the integration tier
// (`*.integration.test.ts`). Refused here, so a socket cannot slip into the fast tier unnoticed.
function refuse(what: string): never {
  throw new Error(`a unit test ${what}; name the file *.integration.test.ts (ARCHITECTURE.md, "Tests")`);
}

net.Server.prototype.listen = function listen(): never {
  return refuse('listens on a socket');
};
net.Socket.prototype.connect = function connect(): never {
  return refuse('opens a connection');
};

from pnpxai.visualizer.server.server import Server

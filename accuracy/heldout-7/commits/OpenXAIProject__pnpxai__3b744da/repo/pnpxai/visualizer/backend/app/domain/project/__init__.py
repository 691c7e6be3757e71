from pnpxai.visualizer.backend.app.domain.project.project_service import ProjectService

from pnpxai.core.project.project import Project

# Manager Function GetAllProjects
MGR_FC_GET_ALL_PRJS = 'get_all_projects'
# Manager Function GetProject
MGR_FC_GET_PRJ = 'get_project'
# Manager Function SyncProject
MGR_FC_SYNC_PRJ = 'sync_project'
# Manager Function Shutdown
MGR_FC_SHUTDOWN = 'shutdown'

# Manager Default Address
MGR_DFT_ADDRESS = ''
# Manager Default Address
MGR_DFT_PORT = 37844
# Manager Default Password
MGR_DFT_PASSWORD = "cderfv34"

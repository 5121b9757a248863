import { useProfile } from '../api/get-profile'
import { ProfileForm } from '../components/profile-form'
import { ProfileInfo } from '../components/profile-info'
import '../components/profile.css'

/** /profile/index: the personal centre. */
export default function ProfilePage() {
  const { data } = useProfile()
  if (!data) return <div className="page" aria-busy="true" />
  return (
    <div className="page profile">
      <ProfileInfo profile={data} />
      <ProfileForm key={data.id} profile={data} />
    </div>
  )
}

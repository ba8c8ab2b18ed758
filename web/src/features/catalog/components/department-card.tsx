import type { Department } from '@raseed/contract';
import { Link } from 'react-router';
import { hrefs } from '@/lib/paths';
import { CatalogImage } from './catalog-image';
import { cardLink } from './styles';

export function DepartmentCard({ department }: { department: Department }) {
  return (
    <Link to={hrefs.department(department.id)} className={cardLink}>
      <CatalogImage src={department.img} className="aspect-[4/3] w-full" />
      <span className="p-3 text-center font-bold text-fg">{department.name}</span>
    </Link>
  );
}
